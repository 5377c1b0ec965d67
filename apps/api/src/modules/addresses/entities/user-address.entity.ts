import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { LocationLga, LocationState } from '../../locations/entities/location.entity';
import { User } from '../../users/entities/user.entity';

/** A delivery address a user keeps (several, at most one default): a state, an LGA, the street and a landmark. */
@Entity('user_address')
@Index('user_address_user_idx', ['userId'])
@Index('user_address_one_default', ['userId'], { unique: true, where: 'is_default' })
export class UserAddress {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_address_user_id_fkey' })
  user?: User;
  @Column({ type: 'smallint' }) stateId: number;
  @ManyToOne(() => LocationState)
  @JoinColumn({ name: 'state_id', foreignKeyConstraintName: 'user_address_state_id_fkey' })
  state?: LocationState;
  @Column({ type: 'int' }) lgaId: number;
  @ManyToOne(() => LocationLga) @JoinColumn({ name: 'lga_id', foreignKeyConstraintName: 'user_address_lga_id_fkey' }) lga?: LocationLga;
  @Column({ type: 'varchar', length: 200 }) street: string;
  @Column({ type: 'varchar', length: 120, nullable: true }) landmark: string | null;
  @Column({ type: 'varchar', length: 20 }) phone: string;
  @Column({ type: 'boolean', default: false }) isDefault: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
