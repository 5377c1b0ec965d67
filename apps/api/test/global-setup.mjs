// Once per jest run: find a real Postgres (TEST_DATABASE_URL, DATABASE_URL, or an embedded one) and
// start a real OAuth2 server standing in for Google. Test files read both from the environment.
import { OAuth2Server } from 'oauth2-mock-server';
import { createServer } from 'node:http';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export default async function globalSetup() {
  let base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!base) {
    const pg = await startEmbeddedPostgres({ dir: resolve(here, '../../../.data/pg-test'), database: 'postgres', log: () => {} });
    globalThis.__embeddedPg = pg;
    base = pg.url;
  }
  process.env.TEST_PG_BASE_URL = base;

  // Google stand-in. The profile its /userinfo returns is set per test through a small control server.
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  let nextProfile = { sub: 'google-1', email: 'g.user@example.com', email_verified: true, given_name: 'Gee', family_name: 'User', name: 'Gee User', picture: 'https://example.com/g.png' };
  oauth.service.on('beforeUserinfo', (userInfoResponse) => {
    userInfoResponse.body = { ...nextProfile };
    userInfoResponse.statusCode = 200;
  });
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      nextProfile = JSON.parse(body);
      res.end('ok');
    });
  });
  await new Promise((ok) => control.listen(0, '127.0.0.1', ok));
  globalThis.__oauth = oauth;
  globalThis.__oauthControl = control;
  process.env.GOOGLE_MOCK_URL = oauth.issuer.url;
  process.env.GOOGLE_MOCK_CONTROL = `http://127.0.0.1:${control.address().port}`;
}
