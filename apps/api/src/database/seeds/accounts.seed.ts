import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PasswordService } from '../../modules/access/password.service';
import { nigerianE164 } from '../../common/phone-number';
import type { DemoSeed } from './seed.service';

export const DEMO_PASSWORD = 'kasuwa-demo-2026';

/**
 * Demo buyers and sellers, all with DEMO_PASSWORD (see README). They stand for established accounts, made a year ago,
 * so they are verified (apps/api/src/common/account-verified.ts) and their reports count toward a listing's hold.
 */
@Injectable()
export class AccountsSeed implements DemoSeed {
  readonly key = 'demo:accounts:v1';

  constructor(private readonly passwords: PasswordService) {}

  async run(em: EntityManager): Promise<void> {
    const hash = await this.passwords.hash(DEMO_PASSWORD);
    const people: [string, string, string, string, 'Male' | 'Female'][] = [
      ['ada@kasuwa.test', 'Ada', 'Obi', '08031234567', 'Female'],
      ['chinedu@kasuwa.test', 'Chinedu', 'Okafor', '08051234567', 'Male'],
      ['bisi@kasuwa.test', 'Bisi', 'Adeyemi', '07061234567', 'Female'],
      ['musa@kasuwa.test', 'Musa', 'Bello', '09021234567', 'Male'],
      ['ngozi@kasuwa.test', 'Ngozi', 'Eze', '08121234567', 'Female'],
      ['tunde@kasuwa.test', 'Tunde', 'Balogun', '08091234567', 'Male'],
    ];
    for (const [email, firstName, lastName, phone, gender] of people) {
      await em.query(
        // Demo accounts are verified (e-mail and phone), so a demo can buy, sell and withdraw at once; a year old, so
        // their reports count in full.
        `INSERT INTO app_user (email, password_hash, first_name, last_name, phone, gender, contact_channels, email_verified_at, phone_e164, phone_verified_at, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7, now(), $8, now(), now() - interval '1 year') ON CONFLICT (email) DO NOTHING`,
        [email, hash, firstName, lastName, phone, gender, JSON.stringify({ WhatsApp: phone }), nigerianE164(phone)],
      );
    }
  }
}
