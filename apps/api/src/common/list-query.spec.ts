import { FieldValidationError } from './errors';
import { filterBool, filterId, filterIds, filterText, paging, parseListQuery, sortFields } from './list-query';

const SORTS = sortFields('createdAt', 'id', 'status');
const list = (q: Record<string, string>) => parseListQuery(q, { sorts: SORTS, fallback: 'createdAt' });

describe('the admin list helper', () => {
  it('parses react-admin range, sort and filter', () => {
    const p = list({ sort: '["id","ASC"]', range: '[20,29]', filter: '{"q":"ada","status":"active"}' });
    expect(p).toMatchObject({ sort: 'id', sortField: 'id', sortOrder: 'ASC', offset: 20, limit: 10 });
    expect({ ...p.filter }).toEqual({ q: 'ada', status: 'active' });
  });

  it('defaults: newest first, ten rows; at most 100 rows a page', () => {
    expect(list({})).toMatchObject({ sort: 'createdAt', sortOrder: 'DESC', offset: 0, limit: 10 });
    expect(list({ range: '[0,999]' }).limit).toBe(100);
  });

  it('sorts only by the fields the list named: own keys of its Map, never inherited names', () => {
    for (const field of ['password_hash', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(list({ sort: JSON.stringify([field, 'ASC']) }).sort).toBe('createdAt');
    }
    const renamed = parseListQuery({ sort: '["name","ASC"]' }, { sorts: new Map([['name', 'categoryName']]), fallback: 'categoryName' });
    expect(renamed.sort).toBe('categoryName');
  });

  it('refuses malformed parameters with a 422 naming them', () => {
    for (const [q, field] of [
      [{ sort: '["id"]' }, 'sort'],
      [{ sort: 'id' }, 'sort'],
      [{ range: '[5,1]' }, 'range'],
      [{ filter: '[1]' }, 'filter'],
      [{ filter: '{"q":{"$ne":1}}' }, 'filter'],
    ] as const) {
      try {
        list(q);
        throw new Error(`accepted ${JSON.stringify(q)}`);
      } catch (e) {
        expect(e).toBeInstanceOf(FieldValidationError);
        expect((e as FieldValidationError).fields[0].field).toBe(field);
      }
    }
  });

  it('filter values and the spec page/limit', () => {
    expect(filterText('  ada ')).toBe('ada');
    expect(filterText(3)).toBeUndefined();
    expect(filterIds(['1', 2, 'x', 1e300, 0, -3, 2 ** 31, 1.5, true, ' 4'])).toEqual([1, 2]);
    expect([filterId('42'), filterId(7), filterId('0'), filterId('1e3'), filterId(null)]).toEqual([42, 7, undefined, undefined, undefined]);
    expect(filterIds(undefined)).toBeUndefined();
    expect([filterBool('true'), filterBool(false), filterBool('maybe')]).toEqual([true, false, undefined]);
    expect(paging('3', '20')).toEqual({ page: 3, limit: 20, offset: 40 });
    expect(paging('x', '5000', 50)).toEqual({ page: 1, limit: 100, offset: 0 });
  });
});
