import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { limitFromConfig } from '../../common/rate-limit';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { RATE_LIMIT_STORAGE } from '../redis/redis.module';
import type { SharedRateLimitStorage } from '../redis/rate-limit.storage';
import { PasswordReset } from './entities/password-reset.entity';
import { PasswordResetService } from './password-reset.service';
import { PasswordService } from './password.service';
import { StepUpCodes, StepUpGuard } from './step-up.guard';
import { TokensService } from './tokens.service';

/**
 * Access: what users' and admins' sign-in share, and what every module's controllers use to say who may call them.
 * Signed tokens, password hashing and reset links, the request throttle and the step-up check before money moves.
 * Infrastructure (it imports no domain module), so @Global(): the accounts (users) and the staff (admins) each keep
 * their own sign-in on top of it, and their own token strategy.
 */
@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.register({}),
    TypeOrmModule.forFeature([PasswordReset]),
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, RATE_LIMIT_STORAGE],
      useFactory: (cfg: AppConfig, shared: SharedRateLimitStorage | null) => ({
        throttlers: [{ ttl: 60_000, limit: limitFromConfig(cfg) }],
        // With Redis every replica counts into the same place (otherwise the limit is N × the setting); without it, memory.
        ...(shared ? { storage: shared } : {}),
        errorMessage: 'Too many attempts. Please wait a minute and try again.',
      }),
    }),
  ],
  providers: [PasswordService, PasswordResetService, TokensService, StepUpCodes, StepUpGuard],
  exports: [PasswordService, PasswordResetService, TokensService, StepUpCodes, StepUpGuard],
})
export class AccessModule {}
