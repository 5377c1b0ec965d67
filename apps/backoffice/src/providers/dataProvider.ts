import { fetchUtils, HttpError, type CreateParams, type DataProvider } from 'react-admin';
import type { ProductSaveData } from './productUploads';
import simpleRestProvider from 'ra-data-simple-rest';
import { errorText, fieldErrors, tokenStore } from './http';

/**
 * fetchJson with the admin bearer token. API errors are rewritten into the product's texts:
 * a 422 becomes 'field: message' lines, and its field errors are handed to react-admin forms
 * (`body.errors`) so the offending inputs are highlighted too.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const token = tokenStore.get();
  const user = token ? { authenticated: true, token: `Bearer ${token}` } : undefined;
  try {
    return await fetchUtils.fetchJson(url, { ...options, user });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const text = errorText(error.body, error.message);
    const fields = fieldErrors(error.body);
    const body: unknown = fields ? { ...(error.body as object), errors: { ...fields, root: { serverError: text } } } : error.body;
    throw new HttpError(text, error.status, body);
  }
};

const simpleRest = simpleRestProvider('/api/admin', httpClient);

/**
 * The stock simple-rest provider (the API's /api/admin surface follows its conventions), except that listings are
 * created and edited as multipart with their photos (`ProductSaveData`), on the product's product routes. That code is
 * loaded with the first save, not with the login page.
 */
export const dataProvider: DataProvider = {
  ...simpleRest,
  create: async (resource, params) =>
    resource === 'products'
      ? (await import('./productUploads')).createListing(httpClient, params as CreateParams<ProductSaveData>)
      : simpleRest.create(resource, params),
  update: async (resource, params) =>
    resource === 'products' ? (await import('./productUploads')).updateListing(httpClient, params) : simpleRest.update(resource, params),
};
