import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { StepUpCodes } from '../access/step-up.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailVerification } from './entities/email-verification.entity';
import { PhoneCode } from './entities/phone-code.entity';
import { User } from './entities/user.entity';
import { EmailVerificationService } from './email-verification.service';
import { GoogleController } from './google.controller';
import { PhoneVerificationService } from './phone-verification.service';
import { ProfileController } from './profile.controller';
import { GoogleStrategy } from './strategies/google.strategy';
import { JwtUserStrategy } from './strategies/jwt-user.strategy';
import { UsersAdminController } from './users.admin.controller';
import { InnerAdminUsersController } from './users.inner-admin.controller';
import { UsersAdminService } from './users-admin.service';
import { UsersService } from './users.service';
import { VerificationController } from './verification.controller';
import { VerificationLimits } from './verification-limits';

export const GOOGLE_STRATEGY = Symbol('GOOGLE_STRATEGY');

/**
 * The buyers' and sellers' accounts: one table (app_user) and everything that writes it. Sign-up and sign-in (password,
 * Google, phone code), the e-mail and phone checks, password resets, the profile and the back office's view of
 * accounts. Tokens, password hashing and the step-up guard are access's (infrastructure, shared with admins); the
 * step-up codes are sent and kept here, so this module serves access's step-up check when the app starts.
 */
@Module({
  imports: [TypeOrmModule.forFeature([User, EmailVerification, PhoneCode])],
  controllers: [
    AuthController,
    GoogleController,
    VerificationController,
    ProfileController,
    UsersAdminController,
    InnerAdminUsersController,
  ],
  providers: [
    UsersService,
    UsersAdminService,
    AuthService,
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
  exports: [UsersService, UsersAdminService, TypeOrmModule],
})
export class UsersModule implements OnModuleInit {
  constructor(
    private readonly stepUp: StepUpCodes,
    private readonly phones: PhoneVerificationService,
  ) {}

  onModuleInit(): void {
    this.stepUp.handle((userId, code) => this.phones.useStepUp(userId, code));
  }
}
