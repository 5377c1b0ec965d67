import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** A ledger account: one per kind of money-holder (per order for escrow, per seller for available / in transit). */
@Entity('ledger_account')
@Check(
  'ledger_account_kind_check',
  `kind IN ('paystack_clearing','kasuwa_commission','refunds_in_transit','unapplied_payments','escrow','seller_available','seller_in_transit','seller_owed')`,
)
@Check('ledger_account_not_negative', `kind IN ('paystack_clearing','seller_owed') OR balance_kobo >= 0`)
@Check('ledger_account_owed_not_positive', `kind <> 'seller_owed' OR balance_kobo <= 0`)
@Index('ledger_account_user_idx', { synchronize: false })
@Index('ledger_account_order_idx', { synchronize: false })
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
@Unique('journal_entry_once', ['kind', 'ref'])
@Index('journal_entry_order_idx', { synchronize: false })
@Index('journal_entry_user_idx', { synchronize: false })
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
@Check('ledger_posting_amount_kobo_check', `amount_kobo <> 0`)
@Index('ledger_posting_entry_idx', { synchronize: false })
@Index('ledger_posting_account_idx', { synchronize: false })
export class LedgerPosting {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'bigint' }) entryId: string;
  @ManyToOne(() => JournalEntry)
  @JoinColumn({ name: 'entry_id', foreignKeyConstraintName: 'ledger_posting_entry_id_fkey' })
  entry?: JournalEntry;
  @Column({ type: 'int' }) accountId: number;
  @ManyToOne(() => LedgerAccount)
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'ledger_posting_account_id_fkey' })
  account?: LedgerAccount;
  @Column({ type: 'bigint' }) amountKobo: string;
}
