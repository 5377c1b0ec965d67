import { Controller, Get, Inject, Injectable, Logger, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
    if (!this.cfg.google.enabled)
      throw new DomainError(
        'GOOGLE_NOT_CONFIGURED',
        'Google sign-in is not available right now. Sign in with your email and password.',
        503,
      );
    return super.canActivate(ctx);
  }
  /** passport answers the start of the dance on the raw response (a redirect), and the state store sets its cookie there. */
  override getRequest(ctx: import('@nestjs/common').ExecutionContext) {
    const request = ctx.switchToHttp().getRequest<FastifyRequest & { res?: unknown }>();
    request.res = ctx.switchToHttp().getResponse<FastifyReply>().raw;
    return request;
  }
  getResponse(ctx: import('@nestjs/common').ExecutionContext) {
    return ctx.switchToHttp().getResponse<FastifyReply>().raw;
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
  async callback(@Req() req: FastifyRequest & { user?: GoogleIdentity | null }, @Res() res: FastifyReply): Promise<void> {
    const base = this.cfg.app.publicUrl;
    const identity = req.user;
    // The status is given: Nest has already set 200 on the reply, which Fastify's redirect would keep.
    if (!identity) return void res.redirect(`${base}/auth?error=google`, 302);
    try {
      const { accessToken, user } = await this.auth.googleSignIn(identity);
      const q = new URLSearchParams({ access_token: accessToken, user: JSON.stringify(user) });
      void res.redirect(`${base}/auth-success?${q.toString()}`, 302);
    } catch (err) {
      // Only our own, user-facing messages go into the URL; anything else stays in the server log.
      const message = err instanceof DomainError ? err.message : 'Google sign-in failed. Please try again.';
      if (!(err instanceof DomainError)) this.logger.error(`Google sign-in failed: ${(err as Error).message}`);
      void res.redirect(`${base}/auth?${new URLSearchParams({ error: message }).toString()}`, 302);
    }
  }
}
