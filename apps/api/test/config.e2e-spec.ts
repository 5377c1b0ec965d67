import { loadConfig } from '../src/config/app.config';

describe('config validation', () => {
  it.each([
    [{ PORT: 'abc' }, /Invalid setting PORT/],
    [{ PORT: '70000' }, /Invalid setting PORT/],
    [{ DATABASE_URL: 'not a url' }, /Invalid setting DATABASE_URL/],
    [{ JWT_USER_TTL: 'forever' }, /Invalid setting JWT_USER_TTL/],
    [{ NODE_ENV: 'production' }, /JWT_USER_SECRET: must be set/],
    // The default first-admin password is published in the README: production must choose its own.
    [{ NODE_ENV: 'production', JWT_USER_SECRET: 'u-secret', JWT_ADMIN_SECRET: 'a-secret' }, /ADMIN_PASSWORD: must be set/],
    [{ JWT_USER_SECRET: 'same', JWT_ADMIN_SECRET: 'same' }, /JWT_ADMIN_SECRET: must differ/],
    [{ AUTH_RATE_LIMIT: '0' }, /Invalid setting AUTH_RATE_LIMIT/],
    [{ NODE_ENV: 'production', JWT_USER_SECRET: 'a', JWT_ADMIN_SECRET: 'b', ADMIN_PASSWORD: 'Strong-admin-pass-1' }, /PAYSTACK_SECRET_KEY: must be set/],
  ])('%j stops start-up with a message naming the variable', (env, msg) => {
    expect(() => loadConfig(env)).toThrow(msg);
  });

  it('defaults: port 3000, host 127.0.0.1, PUBLIC_URL from the port', () => {
    const cfg = loadConfig({});
    expect(cfg.app).toMatchObject({ port: 3000, host: '127.0.0.1', publicUrl: 'http://localhost:3000' });
    expect(cfg.google.enabled).toBe(false);
    expect(cfg.jwt.userSecret).not.toBe(cfg.jwt.adminSecret);
  });

  it('production runs the test checkout only when explicitly allowed', () => {
    const prod = { NODE_ENV: 'production', JWT_USER_SECRET: 'a', JWT_ADMIN_SECRET: 'b', ADMIN_PASSWORD: 'Strong-admin-pass-1' };
    expect(() => loadConfig({ ...prod, ALLOW_TEST_CHECKOUT: 'true' })).not.toThrow();
    expect(() => loadConfig({ ...prod, PAYSTACK_SECRET_KEY: 'sk_live_x' })).not.toThrow();
  });
});
