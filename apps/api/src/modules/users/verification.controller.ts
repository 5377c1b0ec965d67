import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { AuthResponse, MessageResponse, PhoneStartResponse } from '@kasuwa/contracts';
import { Actor, CurrentActor, OptionalUserAuth, Public, UserAuth } from '../../common/auth.decorators';
import { unauthorized } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { EmailVerificationDto, PhoneStartDto, PhoneVerifyDto, VerifyEmailDto } from './dto/auth.dto';
import { EmailVerificationService } from './email-verification.service';
import { PhoneVerificationService } from './phone-verification.service';
import { VerificationLimits } from './verification-limits';

/** Rule "verified people": the e-mail link, SMS codes, and phone sign-in. Rate limited per client like every auth call. */
@ApiTags('auth')
@Controller('auth')
@UseGuards(ThrottlerGuard)
export class VerificationController {
  constructor(
    private readonly emails: EmailVerificationService,
    private readonly phones: PhoneVerificationService,
    private readonly limits: VerificationLimits,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** Sends the link again (or, with `email`, to a new address while unverified); limited per user and per client an hour. */
  @Post('email/verification')
  @UserAuth()
  @HttpCode(200)
  async resendEmail(@CurrentActor() actor: Actor, @Body() dto: EmailVerificationDto, @Req() req: FastifyRequest): Promise<MessageResponse> {
    const v = this.cfg.verification;
    await this.limits.count('email-link', [
      { tracker: `user:${actor.id}`, limit: v.emailResendPerUser, who: 'your account' },
      VerificationLimits.client(req.ip, v.emailResendPerClient),
    ]);
    return this.emails.resend(actor.id, dto.email);
  }

  /** The page the link lands on calls this with the link's token. */
  @Post('email/verify')
  @Public()
  @HttpCode(200)
  verifyEmail(@Body() dto: VerifyEmailDto): Promise<MessageResponse> {
    return this.emails.verify(dto.token);
  }

  @Post('phone/start')
  @Public()
  @HttpCode(200)
  startPhone(@Body() dto: PhoneStartDto, @Req() req: FastifyRequest): Promise<PhoneStartResponse> {
    return this.phones.start(dto.phone, req.ip);
  }

  /** Sends a step-up code to the signed-in user's verified phone: it approves one money move (payout account, withdrawal). */
  @Post('step-up')
  @UserAuth()
  @HttpCode(200)
  stepUp(@CurrentActor() actor: Actor, @Req() req: FastifyRequest): Promise<PhoneStartResponse> {
    return this.phones.startStepUp(actor.id, req.ip);
  }

  /** Signs in by phone (creating the account on first use), or, with a user token, verifies that user's phone. */
  @Post('phone/verify')
  @OptionalUserAuth()
  @HttpCode(200)
  verifyPhone(@CurrentActor() actor: Actor | undefined, @Body() dto: PhoneVerifyDto, @Req() req: FastifyRequest): Promise<AuthResponse> {
    // A token that no longer works must not quietly turn "verify my phone" into signing in to another account.
    if (!actor && req.headers.authorization) throw unauthorized('SESSION_ENDED', 'Your session has ended. Please sign in again.');
    return this.phones.verify(dto.phone, dto.code, actor?.id, Boolean(dto.rememberMe));
  }
}
