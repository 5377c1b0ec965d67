import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './dataProvider';

// A stand-in for the API's 422 answer, on a real port: the admin httpClient reads it over HTTP as it would the API's.
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(422, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        error: [
          { field: 'password', message: 'Password must be at least 8 characters' },
          { field: 'parentCategoryID', message: 'does not exist' },
        ],
      }),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('the back office names refused fields by label', () => {
  it('a 422 becomes the notification text with each field in words, and react-admin still gets the fields by key', async () => {
    const err = await httpClient(`${base}/api/admin/admins`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe('Password must be at least 8 characters\nParent category: does not exist');
    expect(((err as HttpError).body as { errors: unknown }).errors).toMatchObject({
      password: 'Password must be at least 8 characters',
      parentCategoryID: 'does not exist',
    });
  });
});
