import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export { freePort } from '../../scripts/free-port.cjs';

/**
 * The real API as a child process (src/main.ts through the swc register, no build needed): several of them are
 * several replicas, each with its own passport strategies and memory, as in production.
 */
export interface ApiProcess {
  name: string;
  base: string;
  proc: ChildProcess;
  /** What the process printed, for a failure message. */
  output(): string;
  /** Resolves when /api/health/ready answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export function startApi(name: string, port: number, env: Record<string, string>): ApiProcess {
  const proc = spawn(process.execPath, ['-r', join(__dirname, 'ts-register.cjs'), join(__dirname, '../../src/main.ts')], {
    // Like testEnv: the verification rule is off unless a test turns it on (it exercises other things).
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ACCOUNT_VERIFICATION: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c) => (out = (out + c).slice(-20_000)));
  proc.stderr!.on('data', (c) => (out = (out + c).slice(-20_000)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    base,
    proc,
    output: () => out,
    async ready(timeoutMs = 120_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}:\n${out}`);
        const ok = await fetch(`${base}/api/health/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        if (Date.now() > end) throw new Error(`${name} not ready after ${timeoutMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async kill9() {
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
