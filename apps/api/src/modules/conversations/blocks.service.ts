import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { invalidField, notFound } from '../../common/errors';
import type { UserBlockRow } from '../../database/rows.generated';

/** Users a user has blocked (idempotent both ways). */
@Injectable()
export class BlocksService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(userId: number): Promise<number[]> {
    const rows = await this.db.query<Pick<UserBlockRow, 'blocked_id'>[]>(
      `SELECT blocked_id FROM user_block WHERE blocker_id = $1 ORDER BY created_at DESC`,
      [userId],
    );
    return rows.map((r) => r.blocked_id);
  }

  async block(userId: number, other: number): Promise<number[]> {
    if (other === userId) throw invalidField('userId', 'You cannot block yourself');
    const [u] = await this.db.query<unknown[]>(`SELECT 1 FROM app_user WHERE id = $1`, [other]);
    if (!u) throw notFound('USER_NOT_FOUND', 'User not found.');
    await this.db.query(`INSERT INTO user_block (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, other]);
    return this.list(userId);
  }

  async unblock(userId: number, other: number): Promise<number[]> {
    await this.db.query(`DELETE FROM user_block WHERE blocker_id = $1 AND blocked_id = $2`, [userId, other]);
    return this.list(userId);
  }
}
