import { weakEtag } from './etag';
import { markShared, sharedJson } from './shared-json';

describe('shared JSON: a cached value is serialised and hashed once for all its answers', () => {
  it('leaves an unmarked value to the usual serialiser', () => {
    expect(sharedJson({ data: [1] })).toBeUndefined();
    expect(sharedJson('text')).toBeUndefined();
    expect(sharedJson(null)).toBeUndefined();
  });

  it('gives a marked value its JSON and weak ETag, made on first use and reused after', () => {
    const page = { data: [{ id: 1, productName: 'Tecno Camon 20', createdAt: new Date('2026-11-01T00:00:00Z') }], nextCursor: null };
    markShared(page);
    const first = sharedJson(page)!;
    expect(first.json).toBe(JSON.stringify(page));
    expect(first.etag).toBe(weakEtag(JSON.stringify(page)));
    expect(sharedJson(page)).toBe(first); // the same strings: nothing serialised or hashed again
  });

  it('ignores what cannot be shared (primitives)', () => {
    markShared('x');
    markShared(undefined);
    expect(sharedJson('x')).toBeUndefined();
  });
});
