import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import type { UserProfile } from '@kasuwa/contracts';
import { PreparedStatements } from '../../database/prepared-statements';
import { notFound } from '../../common/errors';
import { ImageService, UploadedImage } from '../storage/image.service';
import { StorageService } from '../storage/storage.service';
import { ContactChannelsDto, UpdateProfileDto } from './dto/profile.dto';
import { hasEmailAddress, User } from './entities/user.entity';
import { type ProfileFields, toProfile } from './users.mapper';

export const USER_NOT_FOUND = 'User not found';

/** What toProfile reads of a user, the account's status, and the two flags PROFILE_SQL works out. */
type ProfileRow = ProfileFields &
  Pick<User, 'status'> & { hasSellerOrders: boolean; hasPassword: boolean; bankDetailsConfirmed: boolean } & {
    emailVerified: boolean;
    phoneVerified: boolean;
    verifiedPhone: string | null;
  };

/**
 * Rule "one place for bank details": the bank fields are the payout account's (bank from Paystack's list, name from the
 * bank), which is what payouts use; free text typed before that rule is shown, marked unconfirmed, until replaced.
 *
 * A user's own profile as one fixed statement, columns named as the entity names them: a query builder would build
 * and hydrate the same SELECT anew on every request (most of /profile/me's CPU). Whether the account has a password
 * is worked out here; the hash itself stays in the database.
 */
const PROFILE_SQL = `
  SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_image AS "profileImage", u.phone,
         u.gender, coalesce(pa.bank_name, u.bank_name) AS "bankName", coalesce(pa.account_number, u.bank_account_number) AS "bankAccountNumber",
         coalesce(pa.account_name, u.bank_account_name) AS "bankAccountName", pa.user_id IS NOT NULL AS "bankDetailsConfirmed",
         u.contact_channels AS "contactChannels", u.created_at AS "createdAt", u.status,
         coalesce(u.password_hash, '') <> '' AS "hasPassword",
         u.email_verified_at IS NOT NULL AS "emailVerified", u.phone_verified_at IS NOT NULL AS "phoneVerified", u.phone_e164 AS "verifiedPhone",
         EXISTS (SELECT 1 FROM "order" o WHERE o.seller_id = u.id) AS "hasSellerOrders"
  FROM app_user u
  LEFT JOIN payout_account pa ON pa.user_id = u.id
  WHERE u.id = $1`;

/** A user's own profile: reading it, editing it, the profile photo. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly images: ImageService,
    private readonly storage: StorageService,
    private readonly prepared: PreparedStatements,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async get(id: number): Promise<User> {
    const user = await this.users.findOne({ where: { id }, select: { passwordHash: true, ...allColumns(this.users) } });
    if (!user || user.status === 'deleted') throw notFound('USER_NOT_FOUND', USER_NOT_FOUND);
    return user;
  }

  /** The user and whether anyone has ordered from them, in one statement (with the token check, 2 per /profile/me). */
  async profile(id: number): Promise<UserProfile> {
    const [row] = await this.prepared.primary<ProfileRow>(PROFILE_SQL, [id]);
    if (!row || row.status === 'deleted') throw notFound('USER_NOT_FOUND', USER_NOT_FOUND);
    const { emailVerified, phoneVerified, verifiedPhone } = row;
    return toProfile(row, {
      ...row,
      verification: {
        required: this.cfg.verification.required,
        email: emailVerified,
        phone: phoneVerified,
        verifiedPhone,
        hasEmail: hasEmailAddress(row.email),
      },
    });
  }

  /** True once anyone has ordered from this user. */
  async hasSellerOrders(id: number): Promise<boolean> {
    const [{ exists }] = await this.db.query<{ exists: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM "order" WHERE seller_id = $1) AS exists`,
      [id],
    );
    return exists;
  }

  async updateContacts(id: number, dto: ContactChannelsDto): Promise<UserProfile> {
    await this.get(id);
    await saveContactChannels(this.users, id, dto);
    return this.profile(id);
  }

  async update(id: number, dto: UpdateProfileDto, photo?: UploadedImage): Promise<UserProfile> {
    const user = await this.get(id);
    let profileImage = user.profileImage;
    if (photo) {
      await this.images.assertImage(photo, 'profileImage');
      const webp = await this.images.webp(photo.buffer, 256, 80);
      profileImage = await this.storage.put(`profiles/${id}/${randomUUID()}.webp`, webp, 'image/webp');
    }
    await this.users.update(id, {
      firstName: dto.firstName,
      lastName: dto.lastName,
      gender: dto.gender,
      phone: dto.phone,
      // Bank details are not written here: they change only as the payout account, resolved by the bank and approved
      // with a step-up code (PUT /api/profile/payout-account). The product's fields are still accepted, and ignored.
      profileImage,
    });
    // The old photo goes only after the row points at the new one.
    const oldKey = photo && user.profileImage ? this.storage.keyOf(user.profileImage) : null;
    if (oldKey) await this.storage.delete([oldKey]);
    return this.profile(id);
  }
}

/** Replaces the user's contact channels (WhatsApp is shown to buyers as "Chat on WhatsApp"). */
async function saveContactChannels(users: Repository<User>, id: number, dto: ContactChannelsDto): Promise<void> {
  const channels = Object.fromEntries(Object.entries(dto).filter(([, v]) => typeof v === 'string' && v));
  await users.update(id, { contactChannels: channels });
}

function allColumns(repo: Repository<User>): Record<string, true> {
  return Object.fromEntries(repo.metadata.columns.map((c) => [c.propertyName, true]));
}
