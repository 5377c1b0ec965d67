import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/** One of the 36 states or the FCT (fixed list, ids stable: see nigeria-places.ts). */
@Entity('location_state')
export class LocationState {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'varchar', length: 60 }) name: string;
  /** Other spellings, read only when matching old free-text locations. */
  @Column({ type: 'text', array: true, default: () => `'{}'` }) aliases: string[];
}

/** A city or area of a state that a seller picks on the listing form. */
@Entity('location_city')
@Index('location_city_state_idx', ['stateId'])
export class LocationCity {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'smallint' }) stateId: number;
  @ManyToOne(() => LocationState)
  @JoinColumn({ name: 'state_id', foreignKeyConstraintName: 'location_city_state_id_fkey' })
  state?: LocationState;
  @Column({ type: 'varchar', length: 60 }) name: string;
  @Column({ type: 'text', array: true, default: () => `'{}'` }) aliases: string[];
  /** The LGA the whole city or area lies in, where it is one (null: spread over several, or not known). */
  @Column({ type: 'int', nullable: true }) lgaId: number | null;
  @ManyToOne(() => LocationLga, { nullable: true })
  @JoinColumn({ name: 'lga_id', foreignKeyConstraintName: 'location_city_lga_id_fkey' })
  lga?: LocationLga | null;
}

/** One of the 774 local government areas (fixed list, ids stable: see nigeria-lgas.ts). */
@Entity('location_lga')
@Index('location_lga_state_idx', ['stateId'])
export class LocationLga {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ type: 'smallint' }) stateId: number;
  @ManyToOne(() => LocationState)
  @JoinColumn({ name: 'state_id', foreignKeyConstraintName: 'location_lga_state_id_fkey' })
  state?: LocationState;
  @Column({ type: 'varchar', length: 80 }) name: string;
}
