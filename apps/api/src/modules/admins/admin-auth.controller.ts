import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Actor, AdminAuth, CurrentActor, Public } from '../../common/auth.decorators';
import { AdminsService } from './admins.service';
import { AdminLoginDto, AdminSignupDto } from './dto/admin.dto';

/** Admin sign-in, sign-up requests and the signed-in admin. */
@ApiTags('admin auth')
@Controller('auth/admin')
export class AdminAuthController {
  constructor(private readonly admins: AdminsService) {}

  @Post('login')
  @Public()
  @UseGuards(ThrottlerGuard)
  @HttpCode(200)
  login(@Body() dto: AdminLoginDto) {
    return this.admins.login(dto);
  }

  /** Files a request; it makes no admin until an existing admin approves it. */
  @Post('signup')
  @Public()
  @UseGuards(ThrottlerGuard)
  signup(@Body() dto: AdminSignupDto) {
    return this.admins.signup(dto);
  }

  @Get('me')
  @AdminAuth()
  async me(@CurrentActor() actor: Actor) {
    return { data: await this.admins.me(actor.id) };
  }
}
