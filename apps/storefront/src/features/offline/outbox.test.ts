import { describe, expect, it } from 'vitest';
import { Outbox, type Queued, type SendResult } from './outbox';

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

describe('Outbox (changes made offline)', () => {
  it('keeps items in order, per kind and scope, across a reload', () => {
    const storage = memory();
    const a = new Outbox(storage);
    a.add('chat', '7', { text: 'one' }, 1);
    a.add('cart', '', { productId: 3 }, 2);
    a.add('chat', '7', { text: 'two' }, 3);
    const b = new Outbox(storage); // the page reloaded
    expect(b.list('chat', '7').map((i) => (i.payload as { text: string }).text)).toEqual(['one', 'two']);
    expect(b.list('cart')).toHaveLength(1);
  });

  it('sends in order on flush and stops at the first that still cannot go', async () => {
    const box = new Outbox(memory());
    box.add('chat', '1', 'a');
    box.add('chat', '1', 'b');
    box.add('chat', '1', 'c');
    const sent: unknown[] = [];
    let online = false;
    box.setSender('chat', async (i: Queued): Promise<SendResult> => {
      if (!online) return 'retry';
      sent.push(i.payload);
      return 'sent';
    });
    await box.flush();
    expect(sent).toEqual([]);
    expect(box.list()).toHaveLength(3);
    online = true;
    await box.flush();
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(box.list()).toEqual([]);
  });

  it('drops an item the server refuses, and a sender that throws counts as no network', async () => {
    const box = new Outbox(memory());
    box.add('cart', '', 'refused');
    box.add('cart', '', 'throws');
    box.setSender('cart', async (i) => {
      if (i.payload === 'refused') return 'drop';
      throw new Error('Network Error');
    });
    await box.flush();
    expect(box.list().map((i) => i.payload)).toEqual(['throws']);
  });

  it('leaves items whose sender is not loaded yet, and tells listeners of each change', async () => {
    const box = new Outbox(memory());
    let changes = 0;
    box.subscribe(() => changes++);
    box.add('chat', '1', 'x');
    await box.flush();
    expect(box.list()).toHaveLength(1);
    expect(changes).toBe(1);
  });
});
