/*
 * The offline queue (outbox): a chat message or a cart change made without a network is kept in the phone's storage
 * (localStorage: it survives a reload or a closed tab) and sent, in the order it was made, when the network is back
 * (the window's `online` event, and at every start). The page shows queued items as pending meanwhile.
 */

/** Where the queue is kept (startOffline.ts forgets it when no one is signed in). */
export const OUTBOX_STORAGE_KEY = 'kasuwa_outbox';

/** One queued change: `kind` says which sender handles it ('chat', 'cart'); `scope`, e.g. the conversation id. */
export interface Queued<T = unknown> {
  key: string;
  kind: string;
  scope: string;
  payload: T;
  at: number;
}

/** What a sender says of one item: sent (dropped from the queue), 'retry' (still no network: stop, keep it and those after it), 'drop' (refused: never sendable). */
export type SendResult = 'sent' | 'retry' | 'drop';
export type Sender = (item: Queued) => Promise<SendResult>;

export class Outbox {
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private seq = 0;

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
    private readonly senders: Record<string, Sender> = {},
  ) {}

  /** The queued items (of one kind and scope), oldest first. */
  list(kind?: string, scope?: string): Queued[] {
    let items: Queued[];
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
      items = Array.isArray(parsed) ? (parsed as Queued[]) : [];
    } catch {
      items = [];
    }
    return items.filter((i) => (kind === undefined || i.kind === kind) && (scope === undefined || i.scope === scope));
  }

  add<T>(kind: string, scope: string, payload: T, now = Date.now()): Queued<T> {
    const item: Queued<T> = { key: `${now}-${this.seq++}-${Math.random().toString(36).slice(2, 8)}`, kind, scope, payload, at: now };
    this.save([...this.list(), item]);
    return item;
  }

  setSender(kind: string, sender: Sender): void {
    this.senders[kind] = sender;
  }

  /** Called whenever the queue changes (the page redraws its pending items). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Sends the queue in order, one at a time; stops at the first item that still cannot go (the rest keep their order).
   * An item with no sender yet (its page's code is not loaded) waits. One flush at a time.
   */
  flush(): Promise<void> {
    return (this.flushing ??= this.run().finally(() => (this.flushing = null)));
  }

  private async run(): Promise<void> {
    for (;;) {
      const item = this.list().find((i) => this.senders[i.kind]);
      if (!item) return;
      let result: SendResult;
      try {
        result = await this.senders[item.kind](item);
      } catch {
        result = 'retry';
      }
      if (result === 'retry') return;
      this.save(this.list().filter((i) => i.key !== item.key));
    }
  }

  private save(items: Queued[]): void {
    try {
      this.storage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Storage full or refused (private mode): the item is lost with the page, as without a queue.
    }
    for (const l of this.listeners) l();
  }
}

let shared: Outbox | null = null;

/** The page's one outbox, flushed when the network comes back. */
export function outbox(): Outbox {
  if (!shared) {
    const box = new Outbox(window.localStorage);
    shared = box;
    window.addEventListener('online', () => void box.flush());
  }
  return shared;
}

/** True when the browser knows it has no network (then a change is queued at once, not tried). */
export const offline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
