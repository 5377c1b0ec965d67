import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AdminAccount, AdminForgotPasswordResponse, AdminLoginResponse, AdminStatus } from '@kasuwa/contracts';
import { conflict, forbidden, notFound, unauthorized } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { BAD_CREDENTIALS, FORGOT_SENT } from '../auth/auth.service';
import { ResetPasswordDto } from '../auth/dto/auth.dto';
import { PasswordResetService } from '../auth/password-reset.service';
import { PasswordService } from '../auth/password.service';
import { TokensService } from '../auth/tokens.service';
import { MailService } from '../mail/mail.service';
import { Admin } from './entities/admin.entity';
import { toAdminAccount } from './admins.mapper';
import { AdminLoginDto, AdminSignupDto } from './dto/admin.dto';

export const AWAITING_APPROVAL = 'Your admin account is awaiting approval by an existing admin.';

/** Admin accounts: sign-in, signup requests and their approval, password reset, the first admin. */
@Injectable()
export class AdminsService {
  private readonly logger = new Logger(AdminsService.name);

  constructor(
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly passwords: PasswordService,
    private readonly tokens: TokensService,
    private readonly resets: PasswordResetService,
    private readonly mail: MailService,
  ) {}

  /** Start-up step 2 (StartupService): create ADMIN_EMAIL with ADMIN_PASSWORD if it does not exist. An existing account is never overwritten. */
  async ensureFirstAdmin(): Promise<void> {
    const { email, password } = this.cfg.admin;
    if (await this.admins.existsBy({ email })) return;
    const passwordHash = await this.passwords.hash(password);
    await this.admins
      .createQueryBuilder()
      .insert()
      .values({ email, passwordHash, firstName: 'Kasuwa', lastName: 'Admin', status: 'active', decidedAt: new Date() })
      .orIgnore()
      .execute();
    this.logger.log(`Created the first admin ${email}`);
  }

  async login(dto: AdminLoginDto): Promise<AdminLoginResponse> {
    const admin = await this.admins.findOne({ where: { email: dto.email }, select: { id: true, email: true, passwordHash: true, status: true, tokenVersion: true } });
    const ok = await this.passwords.verify(admin?.passwordHash, dto.password);
    if (!admin || !ok) throw unauthorized('BAD_CREDENTIALS', BAD_CREDENTIALS);
    if (admin.status === 'pending') throw forbidden('ADMIN_PENDING', AWAITING_APPROVAL);
    if (admin.status === 'declined') throw forbidden('ADMIN_DECLINED', 'Your admin request was declined.');
    return { accessToken: this.tokens.forAdmin(admin) };
  }

  async signup(dto: AdminSignupDto): Promise<{ message: string; data: AdminAccount }> {
    this.passwords.assertAcceptable(dto.password, dto.email);
    if (await this.admins.existsBy({ email: dto.email })) throw conflict('ADMIN_EXISTS', 'An admin account or request with this email already exists.');
    const passwordHash = await this.passwords.hash(dto.password);
    const admin = await this.admins.save(
      this.admins.create({ email: dto.email, passwordHash, firstName: dto.firstName, lastName: dto.lastName, phone: dto.phone, status: 'pending' }),
    );
    return { message: 'Your request has been sent. An admin will review it; you can sign in once it is approved.', data: toAdminAccount(admin) };
  }

  async me(id: number): Promise<AdminAccount> {
    return toAdminAccount(await this.find(id));
  }

  async forgotPassword(email: string): Promise<AdminForgotPasswordResponse> {
    const admin = await this.admins.findOneBy({ email });
    if (admin && admin.status === 'active') {
      const token = await this.resets.issue('admin', admin.id);
      const link = this.mail.link('/app.admin/reset-password', { email: admin.email, token });
      await this.mail.send(admin.email, 'Reset your Kasuwa admin password', `Use this link within 1 hour:\n${link}\n\nReset token: ${token}`);
    }
    return { success: true, message: FORGOT_SENT };
  }

  async resetPassword(dto: ResetPasswordDto): Promise<{ success: boolean; message: string }> {
    const password = this.passwords.newPasswordOf(dto);
    const admin = await this.admins.findOneBy({ email: dto.email });
    await this.resets.resetPassword('admin', Admin, admin, dto.token, await this.passwords.hash(password));
    return { success: true, message: 'Your password has been reset. You can sign in now.' };
  }

  async list(status: AdminStatus | undefined, order: 'ASC' | 'DESC', offset: number, limit: number) {
    const [rows, total] = await this.admins.findAndCount({
      where: status ? { status } : {},
      order: { createdAt: order, id: order },
      skip: offset,
      take: limit,
    });
    return { rows: rows.map(toAdminAccount), total };
  }

  async get(id: number): Promise<AdminAccount> {
    return toAdminAccount(await this.find(id));
  }

  /** Approve (`active`) or decline a pending request. Only pending requests can be decided. */
  async decide(id: number, status: 'active' | 'declined', by: number): Promise<AdminAccount> {
    const res = await this.admins.update({ id, status: 'pending' }, { status, decidedBy: by, decidedAt: new Date() });
    if (!res.affected) {
      const admin = await this.find(id);
      throw conflict('ADMIN_NOT_PENDING', `This request was already ${admin.status === 'active' ? 'approved' : admin.status}.`);
    }
    const admin = await this.find(id);
    const verdict = status === 'active' ? 'approved. You can now sign in to the Kasuwa back office' : 'declined';
    await this.mail.send(admin.email, `Your Kasuwa admin request was ${status === 'active' ? 'approved' : 'declined'}`, `Your request was ${verdict}.`);
    return toAdminAccount(admin);
  }

  private async find(id: number): Promise<Admin> {
    const admin = await this.admins.findOneBy({ id });
    if (!admin) throw notFound('ADMIN_NOT_FOUND', 'Admin not found');
    return admin;
  }
}
