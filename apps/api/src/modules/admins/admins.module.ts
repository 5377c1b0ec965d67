import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuthController } from './admin-auth.controller';
import { AdminOnboardingController } from './admin-onboarding.controller';
import { Admin } from './entities/admin.entity';
import { AdminsAdminController } from './admins.admin.controller';
import { AdminsService } from './admins.service';

@Module({
  imports: [TypeOrmModule.forFeature([Admin])],
  controllers: [AdminAuthController, AdminOnboardingController, AdminsAdminController],
  providers: [AdminsService],
  exports: [AdminsService],
})
export class AdminsModule {}
