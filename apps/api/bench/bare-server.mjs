// The yardstick for `npm run bench:http`: a bare node:http + pg server over the same database and rows as Kasuwa.
// No framework, no middleware, no logging: what this machine can do at best. Its statements are prepared (named), as
// Kasuwa's are, so Postgres plans each once per connection for both and the ratio compares the servers, not planning. Routes:
//   GET /hello                 → {"ok":true}
//   GET /product/:id           → the listing joined with its seller (one primary-key lookup)
//   GET /search?q=…            → 24 newest active listings matching the words (one full-text query)
//   GET /search-ranked?q=…     → the 24 best by full-text rank among every hit (what relevance costs at its plainest)
// Usage: DATABASE_URL=… PORT=… node apps/api/bench/bare-server.mjs
import { createServer } from 'node:http';
import { sendJson as send } from './send-json.mjs';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PRODUCT = `SELECT p.id, p.product_name, p.product_description, p.price_kobo, p.currency, p.location, p.category_id,
  p.quantity, p.condition, p.status, p.images, p.created_at, p.user_id, u.first_name, u.last_name
  FROM product p JOIN app_user u ON u.id = p.user_id WHERE p.id = $1`;
const SEARCH = `SELECT p.id, p.product_name, p.price_kobo, p.location, p.images, p.created_at FROM product p
  WHERE p.status = 'active' AND p.search @@ websearch_to_tsquery('english', $1)
  ORDER BY p.created_at DESC, p.id DESC LIMIT 24`;
const RANKED = `SELECT p.id, p.product_name, p.price_kobo, p.location, p.images, p.created_at FROM product p
  WHERE p.status = 'active' AND p.search @@ websearch_to_tsquery('english', $1)
  ORDER BY ts_rank_cd(p.search, websearch_to_tsquery('english', $1)) DESC, p.id DESC LIMIT 24`;

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/hello') return send(res, 200, { ok: true });
    const m = /^\/product\/(\d{1,9})$/.exec(url.pathname);
    if (m) {
      const { rows } = await pool.query({ name: 'product', text: PRODUCT, values: [Number(m[1])] });
      return rows[0] ? send(res, 200, { data: rows[0] }) : send(res, 404, { message: 'Not found' });
    }
    if (url.pathname === '/search' || url.pathname === '/search-ranked') {
      const [name, text] = url.pathname === '/search' ? ['search', SEARCH] : ['ranked', RANKED];
      const { rows } = await pool.query({ name, text, values: [url.searchParams.get('q') ?? ''] });
      return send(res, 200, { data: rows });
    }
    send(res, 404, { message: 'Not found' });
  } catch (err) {
    send(res, 500, { message: String(err?.message ?? err) });
  }
});

server.listen(Number(process.env.PORT ?? 3998), '127.0.0.1');
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
