import { Controller, Get, Inject, Injectable, Logger, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthProviders } from '@kasuwa/contracts';
import { Public } from '../../common/auth.decorators';
import { DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { AuthService, GoogleIdentity } from './auth.service';

/** Runs the google strategy, but lets a failed sign-in reach the handler (which sends the browser back to /auth). */
@Injectable()
class GoogleGuard extends AuthGuard('google') {
  constructor(@Inject(APP_CONFIG) private readonly cfg: AppConfig) {
    super({ session: false });
  }
  override canActivate(ctx: import('@nestjs/common').ExecutionContext) {
    if (!this.cfg.google.enabled) throw new DomainError('GOOGLE_NOT_CONFIGURED', 'Google sign-in is not available right now. Sign in with your email and password.', 503);
    return super.canActivate(ctx);
  }
  override handleRequest<T>(_err: unknown, user: T): T {
    return (user || null) as T;
  }
}

@ApiTags('auth')
@Controller('auth')
@Public()
export class GoogleController {
  private readonly logger = new Logger(GoogleController.name);

  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** Which sign-in methods are configured, so the storefront can say when Google is not. */
  @Get('providers')
  providers(): AuthProviders {
    return { google: this.cfg.google.enabled };
  }

  @Get('google')
  @UseGuards(GoogleGuard)
  start(): void {
    // passport has already redirected the browser to Google
  }

  @Get('google/callback')
  @UseGuards(GoogleGuard)
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const base = this.cfg.app.publicUrl;
    const identity = req.user as GoogleIdentity | null;
    if (!identity) return res.redirect(`${base}/auth?error=google`);
    try {
      const { accessToken, user } = await this.auth.googleSignIn(identity);
      const q = new URLSearchParams({ access_token: accessToken, user: JSON.stringify(user) });
      res.redirect(`${base}/auth-success?${q.toString()}`);
    } catch (err) {
      // Only our own, user-facing messages go into the URL; anything else stays in the server log.
      const message = err instanceof DomainError ? err.message : 'Google sign-in failed. Please try again.';
      if (!(err instanceof DomainError)) this.logger.error(`Google sign-in failed: ${(err as Error).message}`);
      res.redirect(`${base}/auth?${new URLSearchParams({ error: message }).toString()}`);
    }
  }
}
