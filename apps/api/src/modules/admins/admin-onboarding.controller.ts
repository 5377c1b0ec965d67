import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '../../common/auth.decorators';
import { EmailDto, ResetPasswordDto } from '../access/dto/password.dto';
import { AdminsService } from './admins.service';

/** Password recovery for admins (public, rate-limited). */
@ApiTags('admin auth')
@Controller('onboarding/admin')
@Public()
@UseGuards(ThrottlerGuard)
export class AdminOnboardingController {
  constructor(private readonly admins: AdminsService) {}

  @Post('forgot-password')
  @HttpCode(200)
  forgot(@Body() dto: EmailDto) {
    return this.admins.forgotPassword(dto.email);
  }

  @Post('email/reset-password')
  @HttpCode(200)
  reset(@Body() dto: ResetPasswordDto) {
    return this.admins.resetPassword(dto);
  }
}
