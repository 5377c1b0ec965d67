import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { AuthResponse, AuthSuccessUser } from '@kasuwa/contracts';
import { conflict, unauthorized } from '../../common/errors';
import { MailService } from '../mail/mail.service';
import { fullNameOf, User } from './entities/user.entity';
import { UsersService } from './users.service';
import { ResetPasswordDto } from '../access/dto/password.dto';
import { LoginDto, RegisterDto } from './dto/auth.dto';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { EmailVerificationService } from './email-verification.service';
import { FORGOT_SENT, PasswordResetService } from '../access/password-reset.service';
import { BAD_CREDENTIALS, PasswordService } from '../access/password.service';
import { TokensService } from '../access/tokens.service';

/** The Google account details passport hands over after a successful sign-in. */
export interface GoogleIdentity {
  googleId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

/** Sign-up, sign-in (password and Google) and password reset for users. */
@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly tokens: TokensService,
    private readonly resets: PasswordResetService,
    private readonly mail: MailService,
    private readonly profiles: UsersService,
    private readonly emailVerification: EmailVerificationService,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async register(dto: RegisterDto): Promise<AuthResponse> {
    this.passwords.assertAcceptable(dto.password, dto.email);
    if (await this.users.existsBy({ email: dto.email })) {
      throw conflict('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.');
    }
    const passwordHash = await this.passwords.hash(dto.password);
    // Rule "verified people": the account and its verification link are written together (the mail goes out once it commits).
    const user = await this.db.transaction(async (em) => {
      const saved = await em
        .getRepository(User)
        .save(em.getRepository(User).create({ email: dto.email, passwordHash, firstName: dto.firstName, lastName: dto.lastName }));
      if (this.cfg.verification.required) await this.emailVerification.issue(saved, em);
      return saved;
    });
    return this.session(user, false);
  }

  async login(dto: LoginDto): Promise<AuthResponse> {
    const user = await this.users.findOne({
      where: { email: dto.email },
      select: { id: true, email: true, passwordHash: true, status: true, tokenVersion: true },
    });
    const ok = await this.passwords.verify(user?.passwordHash, dto.password);
    if (!user || !ok || user.status === 'deleted') throw unauthorized('BAD_CREDENTIALS', BAD_CREDENTIALS);
    if (user.status === 'suspended') throw unauthorized('SUSPENDED', 'Your account has been suspended. Please contact support.');
    return this.session(user, Boolean(dto.rememberMe));
  }

  async forgotPassword(email: string): Promise<{ message: string }> {
    const user = await this.users.findOneBy({ email });
    if (user && user.status === 'active') {
      const token = await this.resets.issue('user', user.id);
      const link = this.mail.link('/reset-password', { email: user.email, token });
      await this.mail.send(
        user.email,
        'Reset your Kasuwa password',
        `Hello ${fullNameOf(user)},\n\nUse this link within 1 hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
      );
    }
    return { message: FORGOT_SENT };
  }

  async resetPassword(dto: ResetPasswordDto): Promise<{ message: string }> {
    const password = this.passwords.newPasswordOf(dto);
    const user = await this.users.findOneBy({ email: dto.email });
    await this.resets.resetPassword('user', User, user, dto.token, await this.passwords.hash(password));
    return { message: 'Your password has been reset. You can sign in now.' };
  }

  /** Finds the user by Google id, else by verified email (linking the accounts), else creates one. */
  async googleSignIn(g: GoogleIdentity): Promise<{ accessToken: string; user: AuthSuccessUser }> {
    let user = await this.users.findOneBy({ googleId: g.googleId });
    if (!user && g.emailVerified) {
      user = await this.users.findOneBy({ email: g.email.toLowerCase() });
      if (user) {
        // Google vouches for the address: it counts as verified (rule "verified people").
        await this.users.update(user.id, {
          googleId: g.googleId,
          profileImage: user.profileImage ?? g.picture,
          emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        });
        user = await this.users.findOneByOrFail({ id: user.id });
      }
    }
    if (!user) {
      if (!g.emailVerified) throw unauthorized('GOOGLE_UNVERIFIED', 'Your Google email address is not verified.');
      user = await this.users.save(
        this.users.create({
          email: g.email.toLowerCase(),
          googleId: g.googleId,
          firstName: g.firstName,
          lastName: g.lastName,
          profileImage: g.picture,
          emailVerifiedAt: new Date(),
        }),
      );
    }
    if (user.status !== 'active') throw unauthorized('SUSPENDED', 'Your account has been suspended. Please contact support.');
    return {
      accessToken: this.tokens.forUser(user, true),
      user: { email: user.email, fullName: fullNameOf(user), profileImage: user.profileImage },
    };
  }

  private async session(user: Pick<User, 'id' | 'email' | 'tokenVersion'>, rememberMe: boolean): Promise<AuthResponse> {
    return { accessToken: this.tokens.forUser(user, rememberMe), user: await this.profiles.profile(user.id) };
  }
}
