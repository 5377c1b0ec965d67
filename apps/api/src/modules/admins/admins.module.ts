import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuthController } from './admin-auth.controller';
import { AdminOnboardingController } from './admin-onboarding.controller';
import { Admin } from './entities/admin.entity';
import { AdminRecoveryCode } from './entities/admin-recovery-code.entity';
import { AdminsAdminController } from './admins.admin.controller';
import { AdminsService } from './admins.service';
import { JwtAdminStrategy } from './strategies/jwt-admin.strategy';
import { TwoFactorService } from './two-factor/two-factor.service';

@Module({
  imports: [TypeOrmModule.forFeature([Admin, AdminRecoveryCode])],
  controllers: [AdminAuthController, AdminOnboardingController, AdminsAdminController],
  providers: [AdminsService, TwoFactorService, JwtAdminStrategy],
  exports: [AdminsService],
})
export class AdminsModule {}
