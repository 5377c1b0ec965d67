import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The search vocabulary: each word of the listings and in how many it appears (typo suggestions read it). */
@Entity('search_word')
export class SearchWord {
  @PrimaryColumn({ type: 'text' }) word: string;
  @Column({ type: 'int', default: 0 }) ndoc: number;
}
