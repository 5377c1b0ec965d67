import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Reads that may lag the primary by a moment (search, listing pages, public product and seller pages) go to a read
 * replica from DATABASE_READ_URL, chosen per statement by TypeORM's replication; without replicas, to the primary.
 * Anything that must see its own write (a seller's own listing after an edit, money, checkout) uses the DataSource,
 * which always reads the primary.
 */
@Injectable()
export class ReadReplica {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async query<T = any>(sql: string, params?: unknown[]): Promise<T> {
    const runner = this.db.createQueryRunner('slave');
    try {
      return await runner.query(sql, params);
    } finally {
      await runner.release();
    }
  }
}
