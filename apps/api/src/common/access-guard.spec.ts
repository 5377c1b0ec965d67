import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AppConfig } from '../config/app.config';
import { AccessGuard } from './access.guard';
import { ACCESS_KEY } from './auth.decorators';

const ctxFor = (access: string | undefined, headers: Record<string, string> = {}): ExecutionContext => {
  class Controller {}
  const handler = function handler() {};
  if (access) Reflect.defineMetadata(ACCESS_KEY, access, handler);
  return {
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => ({ headers, method: 'GET' }) }),
  } as unknown as ExecutionContext;
};

describe('AccessGuard answers without a promise where no token is read', () => {
  const guard = new AccessGuard(new Reflector(), { staff: { twoFactor: 'optional' } } as AppConfig);

  it('a public route, and an optional-user route asked without Authorization: true at once (no promise for Nest to await)', () => {
    expect(guard.canActivate(ctxFor('public'))).toBe(true);
    expect(guard.canActivate(ctxFor('optional-user'))).toBe(true);
  });

  it('a route that needs a token still checks it (a promise), and a route without a rule is refused', async () => {
    const checked = guard.canActivate(ctxFor('user', { authorization: 'Bearer nonsense' }));
    expect(checked).toBeInstanceOf(Promise);
    await expect(checked).rejects.toThrow();
    expect(() => guard.canActivate(ctxFor(undefined))).toThrow(ForbiddenException);
  });
});
