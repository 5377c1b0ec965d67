import type { AdminAccount } from '@kasuwa/contracts';
import { Admin } from './entities/admin.entity';

export function toAdminAccount(a: Admin): AdminAccount {
  return {
    id: a.id,
    email: a.email,
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone,
    status: a.status,
    role: a.role,
    twoFactorEnabled: a.totpEnabledAt != null,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
  };
}
