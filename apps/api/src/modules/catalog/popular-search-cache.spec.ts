import { loadConfig } from '../../config/app.config';
import { CacheService } from '../cache/cache.service';
import type { CatalogueVersion } from './catalogue-version.service';
import type { ProductQueryDto } from './dto/product.dto';
import { POPULAR_HITS, PopularSearchCache, WINDOW_MS } from './popular-search-cache.service';

describe('PopularSearchCache: which searches count as popular', () => {
  const cfg = loadConfig({ ...process.env, SEARCH_CACHE_TTL: '600s' });
  const version = { current: 1 } as CatalogueVersion;
  let searches = 0;
  const load = async () => ({ data: [], meta: { searched: ++searches } }) as never;
  const ask = (cache: PopularSearchCache, search: string) => cache.page1({ search } as ProductQueryDto, load);

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    searches = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('a search popular in one counting window stays cached in the next, one asked rarely does not become so', async () => {
    const cache = new PopularSearchCache(cfg, new CacheService(null, cfg), version);
    for (let i = 0; i < POPULAR_HITS; i++) await ask(cache, 'generator');
    await ask(cache, 'agbada');
    const searched = searches;
    jest.advanceTimersByTime(WINDOW_MS + 1); // a new window: counts start again
    await ask(cache, 'generator');
    await ask(cache, 'generator');
    expect(searches).toBe(searched); // still answered from the cache
    await ask(cache, 'agbada');
    expect(searches).toBe(searched + 1); // never popular: searched every time
    // Not asked for a whole window: no longer popular.
    jest.advanceTimersByTime(WINDOW_MS + 1);
    jest.advanceTimersByTime(WINDOW_MS + 1);
    await ask(cache, 'generator');
    expect(searches).toBe(searched + 2);
  });
});
