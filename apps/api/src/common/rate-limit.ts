import { ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AppConfig } from '../config/app.config';

const RATE_LIMIT_SETTING = 'kasuwa:rate-limit-setting';
type LimitSetting = keyof AppConfig['limits'];

/** Picks which per-minute setting the ThrottlerGuard applies to a route (default: `authPerMinute`). */
export const RateLimit = (setting: LimitSetting) => SetMetadata(RATE_LIMIT_SETTING, setting);

/** The throttler's limit, read from the config per route, so no controller reads the environment. */
export function limitFromConfig(cfg: AppConfig): (ctx: ExecutionContext) => number {
  return (ctx) => {
    const setting = (Reflect.getMetadata(RATE_LIMIT_SETTING, ctx.getHandler()) ??
      Reflect.getMetadata(RATE_LIMIT_SETTING, ctx.getClass())) as LimitSetting | undefined;
    return cfg.limits[setting ?? 'authPerMinute'];
  };
}
