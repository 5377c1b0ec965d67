import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import type { Actor } from './auth.decorators';
import { forbidden } from './errors';

/** What a user proves owning: the e-mail address (link) and the phone number (SMS code). */
export type Proof = 'email' | 'phone';
const PROOFS_KEY = 'kasuwa:proofs';

const REFUSALS = {
  email: () =>
    forbidden(
      'EMAIL_NOT_VERIFIED',
      'Please verify your e-mail address first: open the link we e-mailed you, or ask for a new one from the banner at the top of the page.',
    ),
  phone: () =>
    forbidden(
      'PHONE_NOT_VERIFIED',
      'Please verify your phone number first: open your profile, choose "Verify phone" and enter the code we send by SMS.',
    ),
};

/**
 * Rule "verified people": a signed-in user must have verified what the route needs (checkout: e-mail; posting a
 * listing and withdrawing: e-mail, then phone), else 403 EMAIL_NOT_VERIFIED / PHONE_NOT_VERIFIED, checked in that
 * order. Admins pass; ACCOUNT_VERIFICATION=off turns the rule off. The flags come with the token check (no query here).
 */
@Injectable()
export class VerifiedGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (!this.cfg.verification.required) return true;
    const actor = ctx.switchToHttp().getRequest<{ user?: Actor }>().user;
    if (actor?.kind !== 'user') return true;
    for (const proof of this.reflector.get<Proof[]>(PROOFS_KEY, ctx.getHandler()) ?? []) {
      if (!actor.verified?.[proof]) throw REFUSALS[proof]();
    }
    return true;
  }
}

/** The proofs a route needs, read by VerifiedGuard (RequireVerified and RequireStepUp set them). */
export const NeedsProofs = (...proofs: Proof[]) => SetMetadata(PROOFS_KEY, proofs);

/** Put after the route's access rule: the proofs a user needs, in the order they are asked for. */
export const RequireVerified = (...proofs: Proof[]) => applyDecorators(NeedsProofs(...proofs), UseGuards(VerifiedGuard));
