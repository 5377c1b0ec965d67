import type { Test } from 'supertest';

/** A body parser for `.buffer(true).parse(asBytes)`: the body as its bytes (a gzip file, a compressed page), unread. */
export const asBytes: Parameters<Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
