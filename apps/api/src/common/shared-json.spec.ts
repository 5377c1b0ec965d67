import { weakEtag } from './etag';
import { markShared, sharedJson, sharedText } from './shared-json';

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

describe('shared texts: an app shell is hashed and compressed once for all its answers', () => {
  it('gives the same text the same entry (one ETag, one set of compressed copies), another text its own', () => {
    const light = '<html class="light"><body><div id="root"></div></body></html>';
    const first = sharedText(light);
    expect(first).toMatchObject({ json: light, etag: weakEtag(light) });
    expect(sharedText(`${light}`)).toBe(first); // by content: a shell read afresh for each request is the same entry
    expect(sharedText(light.replace('light', 'dark'))).not.toBe(first);
  });

  it("keeps a few: past them it starts over (a rebuilt app's shells replace the old ones)", () => {
    const first = sharedText('shell 0');
    for (let i = 1; i <= 16; i++) sharedText(`shell ${i}`);
    expect(sharedText('shell 0')).not.toBe(first);
    expect(sharedText('shell 0')).toBe(sharedText('shell 0'));
  });
});
