import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type {
  AdminAccount,
  AdminForgotPasswordResponse,
  AdminLoginResponse,
  AdminOtpRequired,
  AdminRole,
  AdminSelf,
  AdminStatus,
} from '@kasuwa/contracts';
import { audit } from '../../common/audit';
import { conflict, forbidden, notFound, unauthorized } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { ResetPasswordDto } from '../access/dto/password.dto';
import { FORGOT_SENT, PasswordResetService } from '../access/password-reset.service';
import { BAD_CREDENTIALS, PasswordService } from '../access/password.service';
import { TokensService } from '../access/tokens.service';
import { MailService } from '../mail/mail.service';
import { Admin } from './entities/admin.entity';
import { toAdminAccount } from './admins.mapper';
import { AdminLoginDto, AdminSignupDto } from './dto/admin.dto';
import { TwoFactorService } from './two-factor/two-factor.service';
import type { AdminRow } from '../../database/rows.generated';

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
    private readonly twoFactor: TwoFactorService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Start-up step 2 (StartupService): create ADMIN_EMAIL with ADMIN_PASSWORD if it does not exist. An existing account is never overwritten. */
  async ensureFirstAdmin(): Promise<void> {
    const { email, password } = this.cfg.admin;
    if (await this.admins.existsBy({ email })) return;
    const passwordHash = await this.passwords.hash(password);
    await this.admins
      .createQueryBuilder()
      .insert()
      // The first admin can do everything, including giving other admins their roles.
      .values({ email, passwordHash, firstName: 'Kasuwa', lastName: 'Admin', status: 'active', role: 'owner', decidedAt: new Date() })
      .orIgnore()
      .execute();
    this.logger.log(`Created the first admin ${email}`);
  }

  /**
   * Password first; with two-factor sign-in on, no token until a code comes too (`{ otpRequired: true }` says so, and
   * only after the right password, so it reveals nothing to a guesser).
   */
  async login(dto: AdminLoginDto): Promise<AdminLoginResponse | AdminOtpRequired> {
    const admin = await this.admins.findOne({
      where: { email: dto.email },
      select: { id: true, email: true, passwordHash: true, status: true, tokenVersion: true, totpEnabledAt: true },
    });
    const ok = await this.passwords.verify(admin?.passwordHash, dto.password);
    if (!admin || !ok) throw unauthorized('BAD_CREDENTIALS', BAD_CREDENTIALS);
    if (admin.status === 'pending') throw forbidden('ADMIN_PENDING', AWAITING_APPROVAL);
    if (admin.status === 'declined') throw forbidden('ADMIN_DECLINED', 'Your admin request was declined.');
    if (admin.totpEnabledAt) {
      if (!dto.otp) return { otpRequired: true };
      await this.twoFactor.verify(admin.id, dto.otp);
    }
    return { accessToken: this.tokens.forAdmin(admin) };
  }

  /** The signed-in admin's role and two-factor state (what the back office builds its menu and enrolment prompt from). */
  async self(id: number): Promise<AdminSelf> {
    const admin = await this.find(id);
    const twoFactorEnabled = admin.totpEnabledAt !== null;
    return { role: admin.role, twoFactorEnabled, mustEnrol: !twoFactorEnabled && this.cfg.staff.twoFactor === 'required' };
  }

  async signup(dto: AdminSignupDto): Promise<{ message: string; data: AdminAccount }> {
    this.passwords.assertAcceptable(dto.password, dto.email);
    if (await this.admins.existsBy({ email: dto.email }))
      throw conflict('ADMIN_EXISTS', 'An admin account or request with this email already exists.');
    const passwordHash = await this.passwords.hash(dto.password);
    const admin = await this.admins.save(
      this.admins.create({
        email: dto.email,
        passwordHash,
        firstName: dto.firstName,
        lastName: dto.lastName,
        phone: dto.phone,
        status: 'pending',
      }),
    );
    return {
      message: 'Your request has been sent. An admin will review it; you can sign in once it is approved.',
      data: toAdminAccount(admin),
    };
  }

  async me(id: number): Promise<AdminAccount> {
    return toAdminAccount(await this.find(id));
  }

  async forgotPassword(email: string): Promise<AdminForgotPasswordResponse> {
    const admin = await this.admins.findOneBy({ email });
    if (admin && admin.status === 'active') {
      const token = await this.resets.issue('admin', admin.id);
      const link = this.mail.link('/app.admin/reset-password', { email: admin.email, token });
      await this.mail.send(
        admin.email,
        'Reset your Kasuwa admin password',
        `Use this link within 1 hour:\n${link}\n\nReset token: ${token}`,
      );
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

  /** Approve (`active`, with the role the approving owner picks; `support` if none) or decline a pending request. Only pending requests can be decided. */
  async decide(id: number, status: 'active' | 'declined', by: number, role: AdminRole = 'support', reason?: string): Promise<AdminAccount> {
    await this.db.transaction(async (em) => {
      const res = await em.update(
        Admin,
        { id, status: 'pending' },
        { status, decidedBy: by, decidedAt: new Date(), ...(status === 'active' ? { role } : {}) },
      );
      if (!res.affected) {
        const admin = await this.find(id);
        throw conflict('ADMIN_NOT_PENDING', `This request was already ${admin.status === 'active' ? 'approved' : admin.status}.`);
      }
      await audit(em, {
        action: status === 'active' ? 'admins.approve' : 'admins.decline',
        targetType: 'admins',
        targetId: id,
        before: { status: 'pending' },
        after: status === 'active' ? { status, role } : { status },
        reason,
      });
    });
    const admin = await this.find(id);
    const verdict = status === 'active' ? 'approved. You can now sign in to the Kasuwa back office' : 'declined';
    await this.mail.send(
      admin.email,
      `Your Kasuwa admin request was ${status === 'active' ? 'approved' : 'declined'}`,
      `Your request was ${verdict}.`,
    );
    return toAdminAccount(admin);
  }

  /**
   * An owner changes an active admin's role (a reason is required, and kept in the audit log). The last owner cannot
   * stop being one: someone must always be able to manage admins. Takes effect on the admin's next request.
   */
  async setRole(id: number, role: AdminRole, reason: string): Promise<AdminAccount> {
    await this.db.transaction(async (em) => {
      // Owners are locked in id order, so two demotions at once cannot each see the other as the remaining owner.
      const owners = await em.query<Pick<AdminRow, 'id'>[]>(
        `SELECT id FROM admin WHERE role = 'owner' AND status = 'active' ORDER BY id FOR UPDATE`,
      );
      const [current] = await em.query<Pick<AdminRow, 'role' | 'status'>[]>(`SELECT role, status FROM admin WHERE id = $1 FOR UPDATE`, [
        id,
      ]);
      if (!current) throw notFound('ADMIN_NOT_FOUND', 'Admin not found');
      if (current.status !== 'active') throw conflict('ADMIN_PENDING', 'Approve the request first (with the role to give).');
      if (current.role === role) return;
      if (current.role === 'owner' && owners.length <= 1)
        throw conflict('LAST_OWNER', 'This is the only owner; make another admin owner first.');
      await em.query(`UPDATE admin SET role = $2 WHERE id = $1`, [id, role]);
      await audit(em, {
        action: 'admins.role',
        targetType: 'admins',
        targetId: id,
        before: { role: current.role },
        after: { role },
        reason,
      });
    });
    return this.get(id);
  }

  /** An owner turns off another admin's two-factor sign-in (a lost phone); their sessions end and they enrol again. */
  async resetTwoFactor(id: number, reason: string): Promise<AdminAccount> {
    await this.find(id);
    await this.db.transaction(async (em) => {
      await this.twoFactor.reset(em, id);
      await audit(em, {
        action: 'admins.two-factor-reset',
        targetType: 'admins',
        targetId: id,
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false },
        reason,
      });
    });
    return this.get(id);
  }

  private async find(id: number): Promise<Admin> {
    const admin = await this.admins.findOneBy({ id });
    if (!admin) throw notFound('ADMIN_NOT_FOUND', 'Admin not found');
    return admin;
  }
}
