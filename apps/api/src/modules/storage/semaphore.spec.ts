import { Semaphore } from './semaphore';

/** A task the test finishes by hand, so the checks count what runs instead of timing it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('Semaphore', () => {
  it('runs at most `size` tasks at once, the rest in arrival order', async () => {
    const sem = new Semaphore(2);
    const gates = Array.from({ length: 6 }, deferred);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const all = gates.map((g, i) =>
      sem.run(async () => {
        started.push(i);
        running++;
        peak = Math.max(peak, running);
        await g.promise;
        running--;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([sem.running, sem.queued]).toEqual([2, 4]);

    gates[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([sem.running, sem.queued]).toEqual([2, 1]);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(all)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect([sem.running, sem.queued]).toEqual([0, 0]);
  });

  it('a failing task (thrown or rejected) frees its slot and its caller gets the error', async () => {
    const sem = new Semaphore(1);
    const boom = sem.run(() => {
      throw new Error('sync boom');
    });
    const rejected = sem.run(() => Promise.reject(new Error('async boom')));
    const ok = sem.run(async () => 'after');
    await expect(boom).rejects.toThrow('sync boom');
    await expect(rejected).rejects.toThrow('async boom');
    await expect(ok).resolves.toBe('after');
    expect([sem.running, sem.queued]).toEqual([0, 0]);
  });

  it('refuses a size below 1', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
