import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A ledger account: one per kind of money-holder (per order for escrow, per seller for available / in transit). */
@Entity('ledger_account')
export class LedgerAccount {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 60, unique: true }) code: string;
  @Column({ type: 'varchar', length: 20 }) kind: string;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @Column({ type: 'int', nullable: true }) orderId: number | null;
  /** Cached sum of postings (kept by a trigger); not kept for paystack_clearing and kasuwa_commission. */
  @Column({ type: 'bigint', default: 0 }) balanceKobo: string;
}

/** One money movement; (kind, ref) is unique so the same cause is never posted twice. Append-only. */
@Entity('journal_entry')
export class JournalEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'varchar', length: 30 }) kind: string;
  @Column({ type: 'varchar', length: 100 }) ref: string;
  @Column({ type: 'int', nullable: true }) orderId: number | null;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @Column({ type: 'text', nullable: true }) memo: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** One side of a journal entry: money into (positive) or out of (negative) an account. */
@Entity('ledger_posting')
export class LedgerPosting {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'bigint' }) entryId: string;
  @Column({ type: 'int' }) accountId: number;
  @Column({ type: 'bigint' }) amountKobo: string;
}
