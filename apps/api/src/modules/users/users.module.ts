import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfileController } from './profile.controller';
import { User } from './entities/user.entity';
import { UsersAdminController } from './users.admin.controller';
import { InnerAdminUsersController } from './users.inner-admin.controller';
import { UsersAdminService } from './users-admin.service';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [ProfileController, UsersAdminController, InnerAdminUsersController],
  providers: [UsersService, UsersAdminService],
  exports: [UsersService, UsersAdminService, TypeOrmModule],
})
export class UsersModule {}
