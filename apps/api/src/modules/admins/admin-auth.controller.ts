import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Actor, AdminAuth, CurrentActor, Public } from '../../common/auth.decorators';
import { AdminsService } from './admins.service';
import { AdminLoginDto, AdminSignupDto, TwoFactorCodeDto } from './dto/admin.dto';
import { TwoFactorService } from './two-factor/two-factor.service';
import { AdminArea, BeforeEnrolment } from '../../common/admin-resource';

/** Admin sign-in, sign-up requests and the signed-in admin. */
@ApiTags('admin auth')
@AdminArea('*')
@Controller('auth/admin')
export class AdminAuthController {
  constructor(
    private readonly admins: AdminsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

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
  @BeforeEnrolment()
  async me(@CurrentActor() actor: Actor) {
    return { data: await this.admins.me(actor.id), ...(await this.admins.self(actor.id)) };
  }

  /** Starts two-factor enrolment: the secret and its otpauth:// URI, shown this once. */
  @Post('2fa/enrol')
  @AdminAuth()
  @BeforeEnrolment()
  @HttpCode(200)
  enrol(@CurrentActor() actor: Actor) {
    return this.twoFactor.enrol(actor.id, actor.email);
  }

  /** The first code from the authenticator turns two-factor sign-in on; answers the recovery codes (shown once) and a new token. */
  @Post('2fa/confirm')
  @AdminAuth()
  @BeforeEnrolment()
  @UseGuards(ThrottlerGuard)
  @HttpCode(200)
  confirm(@CurrentActor() actor: Actor, @Body() dto: TwoFactorCodeDto) {
    return this.twoFactor.confirm(actor.id, dto.otp);
  }
}
