import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { PaystackStandIn } from './utils/paystack-stand-in';

/** The stand-in the payment tests run against must answer like Paystack: checked against Paystack's own OpenAPI document. */
type Schema = Record<string, unknown>;
// Beside the repository (../shared/vendor, as the issue gives it), or vendored into it.
const SPEC_PATHS = ['../../../../shared/vendor/paystack-openapi/paystack.yaml', '../../../vendor/paystack-openapi/paystack.yaml'].map((p) =>
  resolve(__dirname, p),
);
const specPath = SPEC_PATHS.find((p) => existsSync(p));
if (!specPath) throw new Error(`paystack.yaml not found; looked in ${SPEC_PATHS.join(', ')}`);
const spec = parse(readFileSync(specPath, 'utf8'));

function deref(s: Schema): Schema {
  let cur = s;
  while (typeof cur.$ref === 'string')
    cur = (cur.$ref as string)
      .slice(2)
      .split('/')
      .reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, spec);
  return cur;
}

/** A small JSON-schema check (the keywords these two operations use); returns the problems found. */
function validate(value: unknown, schema: Schema, path = '$'): string[] {
  const s = deref(schema);
  if (value === null) return s.nullable || s.type === undefined ? [] : [`${path}: null but not nullable`];
  const errors: string[] = [];
  const type = s.type as string | undefined;
  const actual = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (type && !(type === actual || (type === 'number' && actual === 'integer'))) return [`${path}: ${actual} is not ${type}`];
  if (s.enum && !(s.enum as unknown[]).includes(value)) errors.push(`${path}: ${String(value)} not in enum`);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key] as Schema[] | undefined;
    if (options && !options.some((o) => !validate(value, o, path).length)) errors.push(`${path}: matches no ${key} option`);
  }
  for (const sub of (s.allOf as Schema[] | undefined) ?? []) errors.push(...validate(value, sub, path));
  if (s.not && !validate(value, s.not as Schema, path).length) errors.push(`${path}: matches a "not" schema`);
  if (actual === 'object') {
    const obj = value as Record<string, unknown>;
    if (typeof s.minProperties === 'number' && Object.keys(obj).length < s.minProperties) errors.push(`${path}: too few properties`);
    for (const r of (s.required as string[] | undefined) ?? []) if (!(r in obj)) errors.push(`${path}.${r}: required`);
    const props = (s.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errors.push(...validate(v, props[k], `${path}.${k}`));
      else if (s.additionalProperties === false) errors.push(`${path}.${k}: not allowed`);
    }
  }
  if (actual === 'array' && s.items)
    (value as unknown[]).forEach((v, i) => errors.push(...validate(v, s.items as Schema, `${path}[${i}]`)));
  return errors;
}

/** The JSON schema of an operation's answer (the response itself may be a $ref to components/responses). */
const responseSchema = (path: string, method: string, status = '200') =>
  (deref(spec.paths[path][method].responses[status]) as { content: Record<string, { schema: Schema }> }).content['application/json'].schema;
const response200 = (path: string, method: string) => responseSchema(path, method);

describe('the Paystack stand-in follows paystack.yaml', () => {
  const paystack = new PaystackStandIn();
  beforeAll(() => paystack.start());
  afterAll(() => paystack.stop());
  const call = (method: string, path: string, body?: unknown, key = paystack.secret) =>
    fetch(`${paystack.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('the validator itself catches missing and mistyped fields', () => {
    const schema = response200('/transaction/initialize', 'post');
    expect(validate({ status: true, message: 'x', data: { authorization_url: 'u', access_code: 'a', reference: 'r' } }, schema)).toEqual(
      [],
    );
    expect(validate({ status: 'yes', message: 'x' }, schema)).toEqual(['$.data: required', '$.status: string is not boolean']);
    expect(validate({ status: true, message: 'x', data: { authorization_url: 1, access_code: 'a' } }, schema)).toEqual([
      '$.data.reference: required',
      '$.data.authorization_url: integer is not string',
    ]);
  });

  it('POST /transaction/initialize: the request our API sends and the 200 answer match the document', async () => {
    const body = {
      email: 'a@b.ng',
      amount: 1_500_000,
      currency: 'NGN',
      reference: 'KSW-1-abc',
      callback_url: 'http://localhost/payments/verify',
      metadata: { x: 1 },
    };
    const requestSchema = spec.paths['/transaction/initialize'].post.requestBody.content['application/json'].schema as Schema;
    expect(validate(body, requestSchema)).toEqual([]);
    const res = await call('POST', '/transaction/initialize', body);
    expect(res.status).toBe(200);
    expect(validate(await res.json(), response200('/transaction/initialize', 'post'))).toEqual([]);
    expect((await call('POST', '/transaction/initialize', { ...body, reference: 'KSW-2' }, 'sk_wrong')).status).toBe(401);
    expect((await call('POST', '/transaction/initialize', body)).status).toBe(400);
    expect((await call('POST', '/transaction/initialize', { ...body, reference: 'KSW-3', amount: 10.5 })).status).toBe(400);
  });

  it('GET /transaction/verify/{reference}: unpaid, paid and failed answers match VerifyResponse', async () => {
    await call('POST', '/transaction/initialize', { email: 'a@b.ng', amount: 5000, reference: 'KSW-9-v' });
    const schema = response200('/transaction/verify/{reference}', 'get');
    for (const step of [() => undefined, () => paystack.pay('KSW-9-v'), () => paystack.fail('KSW-9-v')]) {
      step();
      const res = await call('GET', '/transaction/verify/KSW-9-v');
      expect(res.status).toBe(200);
      expect(validate(await res.json(), schema)).toEqual([]);
    }
    expect((await call('GET', '/transaction/verify/nope')).status).toBe(404);
    expect((await call('GET', '/transaction/verify/KSW-9-v', undefined, 'sk_wrong')).status).toBe(401);
  });

  it('the money endpoints (banks, resolve, recipient, transfer, verify, refund, balance, transaction and transfer lists) answer as the document says', async () => {
    // The answers are checked against the schema here, then read as Paystack's shapes.
    type Answer = { data: unknown; meta: { total: number } };
    const json = async (res: Response) => [res.status, (await res.json()) as Answer] as const;
    const check = async (path: string, method: string, res: Response, status = '200') => {
      const [code, body] = await json(res);
      expect(code).toBe(Number(status));
      expect(validate(body, responseSchema(path, method, status))).toEqual([]);
      return body;
    };
    await check('/bank', 'get', await call('GET', '/bank?country=nigeria&currency=NGN&type=nuban'));
    paystack.accounts.set('058:0123456789', 'ADAEZE OKAFOR');
    await check('/bank/resolve', 'get', await call('GET', '/bank/resolve?account_number=0123456789&bank_code=058'));
    const recipient = await check(
      '/transferrecipient',
      'post',
      await call('POST', '/transferrecipient', {
        type: 'nuban',
        name: 'ADAEZE OKAFOR',
        account_number: '0123456789',
        bank_code: '058',
        currency: 'NGN',
      }),
      '201',
    );
    const transfer = {
      source: 'balance',
      amount: 250_000,
      recipient: (recipient.data as { recipient_code: string }).recipient_code,
      reference: 'ksw_po_1_contract0001',
      reason: 'Kasuwa payout 1',
      currency: 'NGN',
    };
    expect(validate(transfer, spec.paths['/transfer'].post.requestBody.content['application/json'].schema)).toEqual([]);
    await check('/transfer', 'post', await call('POST', '/transfer', transfer));
    paystack.settleTransfer(transfer.reference, 'success');
    await check('/transfer/verify/{reference}', 'get', await call('GET', `/transfer/verify/${transfer.reference}`));
    await call('POST', '/transaction/initialize', { email: 'a@b.ng', amount: 700_000, reference: 'KSW-10-r', metadata: { orders: [1] } });
    paystack.pay('KSW-10-r');
    await check(
      '/refund',
      'post',
      await call('POST', '/refund', { transaction: 'KSW-10-r', amount: 200_000, currency: 'NGN', merchant_note: 'Dispute 1' }),
    );
    await check('/balance', 'get', await call('GET', '/balance'));
    const txs = await check('/transaction', 'get', await call('GET', '/transaction?per_page=2&page=1'));
    expect(txs.meta).toMatchObject({ perPage: 2, page: 1, pageCount: Math.ceil(txs.meta.total / 2) });
    expect((txs.data as { reference: string }[]).map((t) => t.reference)).toContain('KSW-10-r');
    expect(
      (
        (await (await call('GET', `/transaction?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json()) as {
          data: unknown[];
        }
      ).data,
    ).toEqual([]);
    const transfers = await check('/transfer', 'get', await call('GET', '/transfer'));
    expect(transfers.data).toEqual([expect.objectContaining({ reference: transfer.reference, status: 'success', amount: 250_000 })]);
  });
});
