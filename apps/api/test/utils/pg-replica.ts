import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../scripts/free-port.cjs';

/**
 * A Postgres primary and a real streaming replica of it (`pg_basebackup -R`), each in a temp folder on its own port,
 * from the machine's Postgres binaries (Debian's postgresql-15 by default). A private pair: the shared server's
 * settings and size stay out of it.
 */
export const PG_BIN = process.env.TEST_PG_BIN || '/usr/lib/postgresql/15/bin';

export interface PgPair {
  primaryUrl: (db: string) => string;
  replicaUrl: (db: string) => string;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Creates a database on the primary and waits until the replica has it too (the app then migrates it on the primary). */
  createDatabase(name: string): Promise<void>;
  /** Stops the replica at once (`pg_ctl -m immediate`: no shutdown checkpoint, connections cut), as a crash would. */
  killReplica(): void;
  /** Starts the stopped replica again; it catches up from the primary. */
  startReplica(): void;
  stop(): Promise<void>;
}

export function requirePgBinaries(): void {
  if (!existsSync(join(PG_BIN, 'pg_basebackup')) || !existsSync(join(PG_BIN, 'initdb'))) {
    throw new Error(
      `The read-replica test needs Postgres server binaries in ${PG_BIN} (initdb, pg_ctl, pg_basebackup). ` +
        `Install them (Debian/Ubuntu: apt-get install -y postgresql-15) or point TEST_PG_BIN at another version's bin folder.`,
    );
  }
}

/** Postgres refuses to run as root: as root, the server commands run as the `postgres` user. */
function pg(cmd: string, args: string[]): void {
  const bin = join(PG_BIN, cmd);
  const asRoot = process.getuid?.() === 0;
  const r = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
    : spawnSync(bin, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout || r.error?.message}`);
}

export async function startPrimaryAndReplica(): Promise<PgPair> {
  requirePgBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'kasuwa-pgpair-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  // Both ports are outside the kernel's ephemeral range (scripts/free-port.cjs): while the replica is stopped (killReplica) no
  // other test's listen(0) can be handed its port, and startReplica gets it back.
  const [pPort, rPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stop = async () => {
    for (const d of started.reverse()) {
      try {
        pg('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already down */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pg('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    // Speed over durability: a test cluster. initdb's pg_hba already trusts local replication connections.
    appendFileSync(
      join(primary, 'postgresql.conf'),
      `\nport = ${pPort}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nwal_level = replica\nmax_wal_senders = 4\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\n`,
    );
    pg('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', 'start']);
    started.push(primary);
    pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(pPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream']);
    appendFileSync(join(replica, 'postgresql.conf'), `\nport = ${rPort}\nhot_standby = on\n`);
    pg('pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', 'start']);
    started.push(replica);
  } catch (err) {
    await stop();
    throw err;
  }
  const url = (port: number) => (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const pair: PgPair = {
    primaryUrl: url(pPort),
    replicaUrl: url(rPort),
    async createDatabase(name) {
      const c = new Client({ connectionString: url(pPort)('postgres') });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } finally {
        await c.end();
      }
      await pair.caughtUp();
    },
    async caughtUp() {
      const p = new Client({ connectionString: url(pPort)('postgres') });
      const r = new Client({ connectionString: url(rPort)('postgres') });
      await p.connect();
      await r.connect();
      try {
        const [{ lsn }] = (await p.query(`SELECT pg_current_wal_lsn()::text AS lsn`)).rows;
        for (let i = 0; i < 200; i++) {
          const [{ done }] = (await r.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done`, [lsn])).rows;
          if (done) return;
          await new Promise((res) => setTimeout(res, 50));
        }
        throw new Error('the replica did not catch up within 10 s');
      } finally {
        await p.end();
        await r.end();
      }
    },
    killReplica() {
      pg('pg_ctl', ['-D', replica, '-m', 'immediate', '-w', 'stop']);
    },
    startReplica() {
      try {
        pg('pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', 'start']);
      } catch (err) {
        const log = readFileSync(join(dir, 'replica.log'), 'utf8').split('\n').slice(-15).join('\n');
        throw new Error(`${(err as Error).message}\nreplica.log:\n${log}`);
      }
    },
    stop,
  };
  return pair;
}
