import type { EntityManager } from 'typeorm';
import { ListingOffSale } from './listing-off-sale';
import { ListingPosted } from './listing-posted';

describe('ListingOffSale (catalog port served by the listing-off-sale flow)', () => {
  const em = {} as EntityManager;
  const how = { actorKind: 'admin' as const, reason: 'withdrawn' };

  it('refuses to take a listing off sale when no flow serves it (unpaid orders would keep holding it)', () => {
    const write = jest.fn();
    expect(() => new ListingOffSale().run(em, 7, how, write)).toThrow(/Nothing serves taking a listing off sale/);
    expect(write).not.toHaveBeenCalled();
  });

  it('hands the transaction, listing, reason and the off-sale write to the flow', async () => {
    const port = new ListingOffSale();
    const handler = jest.fn(async (_em: EntityManager, _id: number, _how: unknown, takeOffSale: () => Promise<unknown>) => takeOffSale());
    port.handle(handler);
    const write = jest.fn(async () => 'written');
    await expect(port.run(em, 7, how, write)).resolves.toBe('written');
    expect(handler).toHaveBeenCalledWith(em, 7, how, write);
    expect(write).toHaveBeenCalledTimes(1);
  });
});

describe('ListingPosted (catalog port served by the risk-signals flow)', () => {
  it("refuses to store a seller's listing unchecked when no flow serves the risk check", () => {
    expect(() => new ListingPosted().run({} as EntityManager, 7)).toThrow(/Nothing serves the risk check/);
  });
});
