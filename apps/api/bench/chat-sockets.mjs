#!/usr/bin/env node
/**
 * Bench (trust between strangers): N open socket.io connections on one API process and the delivery time of chat messages sent at a
 * steady rate over HTTP (POST → the recipient's socket receives it). Needs a running API (`--url`) on a database
 * this script may write to (it registers users and creates listings through the API).
 *
 *   node apps/api/bench/chat-sockets.mjs --url http://127.0.0.1:4100 --sockets 500 --rate 20 --seconds 20
 *
 * Prints p50/p95/p99/max delivery milliseconds and how many messages were delivered.
 */
import { io } from 'socket.io-client';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((a, v, i, all) => (v.startsWith('--') ? [...a, [v.slice(2), all[i + 1]]] : a), []),
);
const url = args.url ?? 'http://127.0.0.1:4100';
const SOCKETS = Number(args.sockets ?? 500);
const RATE = Number(args.rate ?? 20);
const SECONDS = Number(args.seconds ?? 20);
const PAIRS = Number(args.pairs ?? 20);
const PATH = '/api/socket.io';

async function api(method, path, body, token) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}
let n = 0;
async function user() {
  n += 1;
  const email = `bench${Date.now()}.${n}@example.com`;
  const r = await api('POST', '/auth/register', { email, firstName: 'Bench', lastName: `U${n}`, password: 'Correct-Horse-9!' });
  return { token: r.accessToken, id: r.user.id };
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// Pairs of buyer/seller with one conversation each; the remaining sockets are idle signed-in users (the load of being open).
const seller = await user();
const form = new FormData();
for (const [k, v] of Object.entries({
  productName: 'Bench listing',
  productPrice: '1000.00',
  productLocation: 'Ikeja, Lagos',
  productQuantity: '5',
  platformCommissionAgreement: 'agreed',
}))
  form.append(k, v);
const product = await (
  await fetch(`${url}/api/products`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}` }, body: form })
).json();
if (!product.data?.id) throw new Error(`listing not created: ${JSON.stringify(product)}`);
const pairs = [];
for (let i = 0; i < PAIRS; i += 1) {
  const buyer = await user();
  const c = await api('POST', '/conversations', { productId: product.data.id }, buyer.token);
  pairs.push({ buyer, conversationId: c.data.id });
}
const idle = [];
for (let i = 0; idle.length + PAIRS + 1 < SOCKETS; i += 1)
  idle.push(i % 25 === 0 ? await user() : (idle[idle.length - 1] ?? (await user())));

const sent = new Map();
const delays = [];
function connect(token, onMessage) {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: PATH, auth: { token }, transports: ['websocket'], reconnection: false });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
    if (onMessage) s.on('message', onMessage);
  });
}
const onSellerMessage = (e) => {
  const t0 = sent.get(e.message.text);
  if (t0 !== undefined) {
    delays.push(performance.now() - t0);
    sent.delete(e.message.text);
  }
};
const t = performance.now();
const sockets = [await connect(seller.token, onSellerMessage)];
for (const p of pairs) sockets.push(await connect(p.buyer.token));
for (let i = 0; i < idle.length; i += 50) sockets.push(...(await Promise.all(idle.slice(i, i + 50).map((u) => connect(u.token)))));
console.log(
  `${sockets.length} sockets open in ${Math.round(performance.now() - t)} ms; sending ${RATE}/s for ${SECONDS}s across ${PAIRS} conversations`,
);

let k = 0;
let failed = 0;
const total = RATE * SECONDS;
await new Promise((resolve) => {
  const timer = setInterval(() => {
    if (k >= total) {
      clearInterval(timer);
      // Stragglers get up to 30 s (a message never delivered counts as lost in the output).
      const started = performance.now();
      const wait = setInterval(() => {
        if (sent.size === 0 || performance.now() - started > 30_000) {
          clearInterval(wait);
          resolve();
        }
      }, 100);
      return;
    }
    const p = pairs[k % pairs.length];
    const text = `m${k}`;
    k += 1;
    sent.set(text, performance.now());
    // A buyer's rate limit (CHAT_RATE_LIMIT) must allow rate/pairs*60 messages a minute.
    api('POST', `/conversations/${p.conversationId}/messages`, { text }, p.buyer.token).catch(() => (failed += 1));
  }, 1000 / RATE);
});
delays.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    sockets: sockets.length,
    sent: total,
    delivered: delays.length,
    failedSends: failed,
    p50: Math.round(pct(delays, 50)),
    p95: Math.round(pct(delays, 95)),
    p99: Math.round(pct(delays, 99)),
    max: Math.round(delays.at(-1) ?? 0),
  }),
);
for (const s of sockets) s.close();
process.exit(0);
