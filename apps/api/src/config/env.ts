/** Small typed readers over process.env. Each throws a ConfigError naming the variable, so a bad setting stops start-up. */
export class ConfigError extends Error {
  constructor(name: string, reason: string) {
    super(`Invalid setting ${name}: ${reason}`);
  }
}

export type Env = Record<string, string | undefined>;

function raw(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function str(env: Env, name: string, fallback: string): string;
export function str(env: Env, name: string, fallback?: undefined): string | undefined;
export function str(env: Env, name: string, fallback?: string): string | undefined {
  return raw(env, name) ?? fallback;
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = raw(env, name);
  if (v === undefined) return fallback;
  if (!/^-?\d+$/.test(v)) throw new ConfigError(name, `"${v}" is not a whole number`);
  const n = Number(v);
  if (n < min || n > max) throw new ConfigError(name, `${n} is outside ${min}..${max}`);
  return n;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = raw(env, name);
  if (v === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new ConfigError(name, `"${v}" is not true or false`);
}

export function url(env: Env, name: string, fallback: string): string;
export function url(env: Env, name: string, fallback?: undefined): string | undefined;
export function url(env: Env, name: string, fallback?: string): string | undefined {
  const v = raw(env, name) ?? fallback;
  if (v === undefined) return undefined;
  try {
    const u = new URL(v);
    if (!/^(https?|postgres(ql)?|smtps?):$/.test(u.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(name, `"${v}" is not a valid URL`);
  }
  return v.replace(/\/+$/, '');
}

export function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const v = raw(env, name);
  if (v === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new ConfigError(name, `"${v}" is not one of ${allowed.join(', ')}`);
  return v as T;
}

/** Durations like 15m, 12h, 30d (seconds for jsonwebtoken). */
export function duration(env: Env, name: string, fallback: string): number {
  const v = raw(env, name) ?? fallback;
  const m = /^(\d+)\s*([smhd])$/.exec(v);
  if (!m) throw new ConfigError(name, `"${v}" is not a duration like 30m, 12h or 30d`);
  const mult = { s: 1, m: 60, h: 3600, d: 86400 }[m[2] as 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * mult;
}

/** DATABASE_URL for command-line scripts (migrate, bulk load), which need no other setting. */
export function scriptDatabaseUrl(env: Env = process.env): string | undefined {
  return url(env, 'DATABASE_URL');
}
