import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** A group of words meaning the same thing to a buyer ("okada", "motorcycle", "motorbike"); search expands each to all. */
@Entity('search_synonym')
export class SearchSynonym extends Timestamped {
  @Column({ type: 'text', array: true }) terms: string[];
}
