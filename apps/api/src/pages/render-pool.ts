import { Logger } from '@nestjs/common';
import { Worker } from 'node:worker_threads';

/** What the storefront's server render answers (entry-server.tsx, `render`). */
export interface RenderedParts {
  status: number;
  html: string;
  head: string;
  data: string;
}

interface Pending {
  resolve: (r: RenderedParts) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * The thread's program: it loads the storefront's server build itself and renders what it is sent. The page's data
 * comes as the JSON text the main thread made anyway (the API's answers, dates as strings), so nothing is copied twice.
 * Plain JavaScript evaluated as is: it runs the same from the compiled app and from the tests' TypeScript.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const bundle = require(workerData.file);
parentPort.on('message', ({ id, url, json, origin }) => {
  bundle.render(url, JSON.parse(json), origin).then(
    (page) => parentPort.postMessage({ id, page }),
    (err) => parentPort.postMessage({ id, error: (err && err.message) || String(err) }),
  );
});
`;

/**
 * Server renders in threads (SSR_WORKERS): React's render of a page is CPU work on one thread, so a process rendering
 * on its main thread uses one core for pages whatever the machine has, and its reads, answers and compression wait
 * behind every render. Each thread holds its own copy of the storefront's server build and renders one page at a time;
 * a render goes to the thread with the fewest pages waiting. A thread that dies fails its pages (the caller answers
 * the app shell, as for any failed render) and is started again for the next one.
 */
export class RenderPool {
  private readonly log = new Logger(RenderPool.name);
  private readonly threads: (Thread | null)[];
  private nextId = 1;

  constructor(
    private readonly file: string,
    size: number,
  ) {
    this.threads = Array.from({ length: size }, () => null);
  }

  get size(): number {
    return this.threads.length;
  }

  /** Threads running now (a thread starts on its first page, or when warmed). */
  get started(): number {
    return this.threads.filter((t) => t !== null).length;
  }

  render(url: string, json: string, origin: string): Promise<RenderedParts> {
    const thread = this.pick();
    const id = this.nextId++;
    return new Promise<RenderedParts>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, url, json, origin });
    });
  }

  /** Starts every thread now (each loads the server build: a few hundred ms), so the first pages do not wait for it. */
  warm(): void {
    for (let i = 0; i < this.threads.length; i++) this.threads[i] ??= this.start(i);
  }

  async close(): Promise<void> {
    const running = this.threads.filter((t): t is Thread => t !== null);
    this.threads.fill(null);
    await Promise.all(running.map((t) => t.worker.terminate()));
  }

  /** The thread with the fewest renders waiting, started when it is not running. */
  private pick(): Thread {
    let best = 0;
    for (let i = 0; i < this.threads.length; i++) {
      const t = this.threads[i];
      if (!t) return (this.threads[i] = this.start(i));
      if (t.pending.size < this.threads[best]!.pending.size) best = i;
    }
    return this.threads[best]!;
  }

  private start(slot: number): Thread {
    const worker = new Worker(THREAD, { eval: true, workerData: { file: this.file } });
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (m: { id: number; page?: RenderedParts; error?: string }) => {
      const p = thread.pending.get(m.id);
      if (!p) return;
      thread.pending.delete(m.id);
      if (m.page) p.resolve(m.page);
      else p.reject(new Error(m.error ?? 'page render failed'));
    });
    const fail = (err: Error) => {
      if (this.threads[slot] === thread) this.threads[slot] = null;
      for (const p of thread.pending.values()) p.reject(err);
      thread.pending.clear();
    };
    worker.on('error', (err) => {
      this.log.error(`render thread failed: ${err.message}`);
      fail(err);
    });
    worker.on('exit', (code) => fail(new Error(`render thread stopped (exit code ${code})`)));
    // An idle pool does not keep the process alive.
    worker.unref();
    return thread;
  }
}
