import { beforeEach, describe, expect, it, vi } from 'vitest';
import { standInApiForFile } from '../test/standInApi';
import { toast } from '../app/toast';
import { saveSession } from '../features/auth/session';
import { authApi } from './auth';
import { catalogApi } from './catalog';
import { ApiError } from './errors';
import { EMPTY_PRODUCT_VALUES } from '@kasuwa/ui/productFormRules';

const refused = (...error: { field: string; message: string }[]) =>
  [422, { message: 'Validation failed', code: 'VALIDATION_FAILED', error }] as [number, unknown];

standInApiForFile({
  'POST /api/auth/register': () =>
    refused({ field: 'password', message: 'Password must be at least 8 characters' }, { field: 'firstName', message: 'is required' }),
  'POST /api/products': () =>
    refused(
      { field: 'productImages', message: 'Add at least one photo' },
      { field: 'productPrice', message: 'The price must be between ₦0 and ₦1,000,000,000' },
    ),
});
beforeEach(() => saveSession('user-token', { email: 'ada@kasuwa.test', fullName: 'Ada Obi', profileImage: null, userId: 1 }));

describe('a refused form shows each field by its label, never its key', () => {
  it("the central toast (sign-up): the field's name in words, and no label twice", async () => {
    const shown = vi.spyOn(toast, 'error');
    const err = await authApi
      .register({ email: 'ada@kasuwa.test', password: 'short', firstName: '', lastName: 'Obi' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(shown).toHaveBeenCalledWith('Password must be at least 8 characters\nFirst name: is required');
    expect(shown.mock.calls.flat().join('\n')).not.toMatch(/password:|firstName/);
    shown.mockRestore();
  });

  it("the product form's answer: its own labels (productImages reads Photos)", async () => {
    const err = await catalogApi.create({ fields: { ...EMPTY_PRODUCT_VALUES, productPrice: '-5' }, files: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Photos: Add at least one photo\nPrice: The price must be between ₦0 and ₦1,000,000,000');
    // The fields stay keyed by the API's names, for the form to mark its inputs.
    expect((err as ApiError).fieldErrors.map((f) => f.field)).toEqual(['productImages', 'productPrice']);
  });
});
