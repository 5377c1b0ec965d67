import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { limitFromConfig } from '../../common/rate-limit';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { RATE_LIMIT_STORAGE } from '../redis/redis.module';
import type { SharedRateLimitStorage } from '../redis/rate-limit.storage';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { GoogleController } from './google.controller';
import { PasswordReset } from './entities/password-reset.entity';
import { PasswordResetService } from './password-reset.service';
import { PasswordService } from './password.service';
import { GoogleStrategy } from './strategies/google.strategy';
import { JwtUserStrategy } from './strategies/jwt-user.strategy';
import { TokensService } from './tokens.service';
import { EmailVerification } from './entities/email-verification.entity';
import { PhoneCode } from './entities/phone-code.entity';
import { EmailVerificationService } from './email-verification.service';
import { PhoneVerificationService } from './phone-verification.service';
import { VerificationController } from './verification.controller';
import { VerificationLimits } from './verification-limits';

export const GOOGLE_STRATEGY = Symbol('GOOGLE_STRATEGY');

@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.register({}),
    UsersModule,
    TypeOrmModule.forFeature([PasswordReset, EmailVerification, PhoneCode]),
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
  controllers: [AuthController, GoogleController, VerificationController],
  providers: [
    AuthService,
    PasswordService,
    PasswordResetService,
    TokensService,
    EmailVerificationService,
    PhoneVerificationService,
    VerificationLimits,
    JwtUserStrategy,
    {
      provide: GOOGLE_STRATEGY,
      inject: [APP_CONFIG],
      useFactory: (cfg: AppConfig) => (cfg.google.enabled ? new GoogleStrategy(cfg) : null),
    },
  ],
  exports: [PasswordService, PasswordResetService, TokensService, PhoneVerificationService],
})
export class AuthModule {}
