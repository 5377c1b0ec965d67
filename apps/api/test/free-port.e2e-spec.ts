import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from './utils/api-process';

/**
 * Ports for child processes come from below the kernel's ephemeral range: a port there cannot be handed to another
 * test's listen(0) (SuperTest's, for each request) while the child boots, so a child never dies of EADDRINUSE while
 * some other app answers on its port.
 */
describe('freePort', () => {
  it('gives ports below the ephemeral range, never the same one twice, and skips one in use', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const a = await freePort();
    // Taken by someone else before the next call: it is not given out.
    const blocker = createServer();
    await new Promise<void>((ok) => blocker.listen(a + 1, '127.0.0.1', ok));
    try {
      const b = await freePort();
      for (const p of [a, b]) {
        expect(p).toBeGreaterThanOrEqual(10_000);
        expect(p).toBeLessThan(low);
      }
      expect(b).not.toBe(a);
      expect(b).not.toBe(a + 1);
    } finally {
      await new Promise((ok) => blocker.close(ok));
    }
  });
});
