import type { Product } from '@kasuwa/contracts';
import type { PhotoItem } from '@kasuwa/ui/ImageUploader';
import { EMPTY_PRODUCT_VALUES } from '@kasuwa/ui/productFormRules';
import { describe, expect, it } from 'vitest';
import { createListing, updateListing } from './productUploads';

type Call = { url: string; method: string; body: FormData | string };

/** The admin httpClient's shape, answering like the API: the saved listing with its photos in the order kept. */
function fakeHttp(images: string[]) {
  const calls: Call[] = [];
  let stored = images;
  const http = async (url: string, options: { method: string; body: FormData | string }) => {
    calls.push({ url, ...options });
    if (options.body instanceof FormData) {
      const keep = options.body.get('keepImages');
      const added = options.body.getAll('productImages').map((_f, i) => `/uploads/new-${calls.length}-${i}.webp`);
      stored = [...(keep ? (JSON.parse(String(keep)) as string[]) : stored), ...added];
    }
    return { json: { data: { id: 7, productCategoryID: null, productImages: stored.map((imageUrl) => ({ imageUrl })) } } };
  };
  return { http, calls };
}

const values = {
  ...EMPTY_PRODUCT_VALUES,
  productName: ' Lantern ',
  productPrice: '2500',
  stateId: '25',
  cityId: '301',
  productCondition: 'foreign_used' as const,
};
const kept = (imageUrl: string): PhotoItem => ({ key: imageUrl, kind: 'existing', image: { imageUrl } as never });
const picked = (name: string): PhotoItem => ({ key: name, kind: 'new', file: new File(['x'], name, { type: 'image/jpeg' }), preview: '' });

describe('the back office data provider sends listings as multipart', () => {
  it('create: the fields, the seller, the agreement and the photos in one POST /api/products', async () => {
    const { http, calls } = fakeHttp([]);
    await createListing(http, { data: { values, photos: [picked('a.jpg')], userID: 42 } });
    expect(calls).toHaveLength(1);
    const form = calls[0].body as FormData;
    expect([calls[0].method, calls[0].url]).toEqual(['POST', '/api/products']);
    expect(form.get('productName')).toBe('Lantern');
    expect(form.get('productType')).toBe('used');
    expect(form.get('userID')).toBe('42');
    expect(form.get('platformCommissionAgreement')).toBe('agreed');
    expect(form.has('productCategoryID')).toBe(false); // an empty category would read as 0
    expect(form.getAll('productImages')).toHaveLength(1);
  });

  it('edit: a new photo placed before a kept one is put in its place by a second call', async () => {
    const { http, calls } = fakeHttp(['/uploads/old.webp']);
    const saved = await updateListing(http, {
      id: 7,
      data: { values, photos: [picked('b.jpg'), kept('/uploads/old.webp')] },
      previousData: { id: 7 },
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/products/edit/7', '/api/products/edit/7']);
    expect(JSON.parse(String((calls[1].body as FormData).get('keepImages')))).toEqual(['/uploads/new-1-0.webp', '/uploads/old.webp']);
    expect((saved.data as Product).productImages.map((i) => i.imageUrl)).toEqual(['/uploads/new-1-0.webp', '/uploads/old.webp']);
  });

  it('edit: a removed category is cleared through the admin JSON update (multipart cannot send null)', async () => {
    const { http, calls } = fakeHttp([]);
    await updateListing(http, { id: 7, data: { values, photos: [] }, previousData: { id: 7, productCategoryID: 3 } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/products/edit/7', 'PUT /api/admin/products/7']);
    expect(JSON.parse(calls[1].body as string)).toEqual({ productCategoryID: null });
  });
});
