import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app.config';
import { PreparedStatements, statementName } from './prepared-statements';

/** A pg pool that answers one row naming itself, and records what it was sent. */
function pool(label: string) {
  const sent: { name?: string; text: string; values: unknown[] }[] = [];
  return { sent, query: async (config: (typeof sent)[number]) => (sent.push(config), { rows: [{ from: label }] }) };
}

function setup(preparedStatements: boolean, replicas = 0) {
  const master = pool('primary');
  const slaves = Array.from({ length: replicas }, (_, i) => pool(`replica ${i}`));
  const db = { driver: { master, slaves } } as unknown as DataSource;
  const cfg = { scale: { preparedStatements } } as AppConfig;
  return { master, slaves, statements: new PreparedStatements(db, cfg) };
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
});
