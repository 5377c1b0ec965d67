import type { DataSource } from 'typeorm';
import type { Tables } from '../../database/rows.generated';

/**
 * The claim every refund and payout goes through before Paystack is called: `queued` → `sending`, stamping when the
 * attempt started and counting it. Of concurrent callers (two workers, a retry racing the job) exactly one gets the
 * row back; the others send nothing.
 */
export async function claimForSending<T>(
  db: DataSource,
  table: 'refund' | 'payout',
  by: 'id' | 'reference',
  key: number | string,
): Promise<T | undefined> {
  const [row] = await db.query<T[]>(
    `WITH u AS (UPDATE ${table} SET status = 'sending', sent_at = now(), attempts = attempts + 1, updated_at = now() WHERE ${by} = $1 AND status = 'queued' RETURNING *) SELECT * FROM u`,
    [key],
  );
  return row;
}

/**
 * A `sending` row Paystack turned out never to have gets `queued` again, only if no other attempt started since the
 * one that was looked up (`attempts`): of two resolvers of the same lost answer, one sends.
 */
export async function requeue(db: DataSource, table: 'refund' | 'payout', id: number, attempts: number): Promise<boolean> {
  const [row] = await db.query<Pick<Tables[typeof table], 'id'>[]>(
    `WITH u AS (UPDATE ${table} SET status = 'queued', updated_at = now() WHERE id = $1 AND status = 'sending' AND attempts = $2 RETURNING id) SELECT * FROM u`,
    [id, attempts],
  );
  return Boolean(row);
}
