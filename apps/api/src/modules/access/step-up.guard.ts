import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, UseGuards } from '@nestjs/common';
import type { Actor } from '../../common/auth.decorators';
import { FlowPort } from '../../common/flow-port';
import { NeedsProofs, type Proof, VerifiedGuard } from '../../common/verified.guard';
import { APP_CONFIG, AppConfig } from '../../config/app.config';

/** Spends the user's newest step-up code, or refuses (403 STEP_UP_REQUIRED without one, PHONE_CODE_INVALID when wrong). */
export type StepUpHandler = (userId: number, code: unknown) => Promise<void>;

/**
 * The step-up check, as a port: the codes are the accounts' own (users: sent to the account's verified phone, kept
 * with its sign-in codes), served by the users module at start-up; the guard that asks for one is used by any
 * module's controller (money's). Unserved it throws: money never moves without the check.
 */
@Injectable()
export class StepUpCodes extends FlowPort<StepUpHandler> {
  constructor() {
    super('the step-up code check', 'UsersModule');
  }
}

/**
 * Rule "step-up before money moves": the request's `otp` must be a fresh SMS code sent to the user's verified phone
 * (POST /api/auth/step-up). A guard, so it runs before validation and the handler: without the code nothing about the
 * account (balance, hold, payout account) is looked at or revealed. ACCOUNT_VERIFICATION=off turns it off.
 */
@Injectable()
export class StepUpGuard implements CanActivate {
  constructor(
    private readonly codes: StepUpCodes,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (!this.cfg.verification.required) return true;
    const req = ctx.switchToHttp().getRequest<{ user?: Actor; body?: unknown }>();
    if (req.user?.kind !== 'user') return true;
    const body = req.body;
    const otp = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).otp : undefined;
    await this.codes.run(req.user.id, otp);
    return true;
  }
}

/** After the route's access rule: the proofs it needs (checked first, in order), then a fresh step-up code. */
export const RequireStepUp = (...proofs: Proof[]) => applyDecorators(NeedsProofs(...proofs), UseGuards(VerifiedGuard, StepUpGuard));
