import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app.config';
import { PreparedStatements, statementName } from './prepared-statements';
import { ReplicaRouter } from './replica-router';

/** A pg pool that answers one row naming itself, and records what it was sent. */
function pool(label: string) {
  const sent: { name?: string; text: string; values: unknown[] }[] = [];
  return { sent, query: async (config: (typeof sent)[number]) => (sent.push(config), { rows: [{ from: label }] }) };
}

function setup(preparedStatements: boolean, replicas = 0) {
  const master = pool('primary');
  const slaves = Array.from({ length: replicas }, (_, i) => pool(`replica ${i}`));
  const db = { driver: { master, slaves } } as unknown as DataSource;
  const cfg = { scale: { preparedStatements, readProbeMs: 1000, readMaxLagSeconds: 10 } } as AppConfig;
  return { master, slaves, statements: new PreparedStatements(db, cfg, new ReplicaRouter(db, cfg)) };
}

const SQL = 'SELECT id FROM product WHERE id = $1';

describe('PreparedStatements', () => {
  it('sends a fixed text under one name derived from it, on every call', async () => {
    const { master, statements } = setup(true);
    await statements.primary(SQL, [1]);
    await statements.primary(SQL, [2]);
    await statements.primary('SELECT 1 WHERE $1::int > 0', [3]);
    expect(master.sent.map((s) => s.name)).toEqual([statementName(SQL), statementName(SQL), statementName('SELECT 1 WHERE $1::int > 0')]);
    expect(statementName(SQL)).not.toBe(statementName('SELECT 1 WHERE $1::int > 0'));
    expect(statementName(SQL)).toMatch(/^k_[0-9a-f]{24}$/); // well under Postgres's 63-byte identifiers
    expect(master.sent[1]).toEqual({ name: statementName(SQL), text: SQL, values: [2] });
  });

  it('with DATABASE_PREPARED_STATEMENTS=false sends them unnamed', async () => {
    const { master, statements } = setup(false);
    expect(await statements.primary(SQL, [1])).toEqual([{ from: 'primary' }]);
    expect(master.sent).toEqual([{ name: undefined, text: SQL, values: [1] }]);
  });

  it('reads a replica when there are replicas, the primary otherwise; primary() always reads the primary', async () => {
    const alone = setup(true);
    expect(await alone.statements.replica(SQL, [1])).toEqual([{ from: 'primary' }]);
    const withReplicas = setup(true, 2);
    const froms = new Set<unknown>();
    for (let i = 0; i < 40; i++) froms.add((await withReplicas.statements.replica<{ from: string }>(SQL, [i]))[0].from);
    expect([...froms].sort()).toEqual(['replica 0', 'replica 1']);
    expect(await withReplicas.statements.primary(SQL, [1])).toEqual([{ from: 'primary' }]);
    expect(withReplicas.master.sent).toHaveLength(1);
  });

  it('a replica that is gone (connection refused) is skipped at once and the read answered by the primary', async () => {
    const { master, slaves, statements } = setup(true, 1);
    slaves[0].query = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' });
    };
    expect(await statements.replica(SQL, [1])).toEqual([{ from: 'primary' }]);
    expect(await statements.replica(SQL, [2])).toEqual([{ from: 'primary' }]);
    expect(master.sent).toHaveLength(2);
    // A wrong statement is not a dead server: it is not retried elsewhere.
    const other = setup(true, 1);
    other.slaves[0].query = async () => {
      throw Object.assign(new Error('syntax error'), { code: '42601' });
    };
    await expect(other.statements.replica(SQL, [1])).rejects.toThrow('syntax error');
    expect(other.master.sent).toHaveLength(0);
  });
});
