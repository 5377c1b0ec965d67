import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository } from 'typeorm';
import type { AdminUserRow, UserStatus } from '@kasuwa/contracts';
import { audit } from '../../common/audit';
import { invalidField, notFound } from '../../common/errors';
import type { SearchRequest } from '../../common/list-query';
import { AdminUpdateUserDto } from './dto/profile.dto';
import { User } from './entities/user.entity';
import { USER_NOT_FOUND } from './users.service';
import { toAdminRow } from './users.mapper';

export interface UserSearch extends SearchRequest<'id' | 'email' | 'firstName' | 'lastName' | 'createdAt' | 'status'> {
  status?: UserStatus;
}

/** What admins do with users: find them (server-side search), edit, suspend and reactivate. */
@Injectable()
export class UsersAdminService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async list(q: UserSearch): Promise<{ rows: AdminUserRow[]; total: number }> {
    const qb = this.users.createQueryBuilder('u').addSelect('u.passwordHash').where(`u.status <> 'deleted'`);
    if (q.status) qb.andWhere('u.status = :status', { status: q.status });
    if (q.ids) qb.andWhere('u.id = ANY(:ids)', { ids: q.ids });
    const term = q.search?.trim();
    if (term) {
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(`(coalesce(u.first_name,'') || ' ' || coalesce(u.last_name,'') || ' ' || u.email::text) ILIKE :like`)
            .orWhere(`u.email = :exact`),
        ),
        { like: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, exact: term },
      );
    }
    const [users, total] = await qb
      .orderBy(`u.${q.sort}`, q.order)
      .addOrderBy('u.id', q.order)
      .skip(q.offset)
      .take(q.limit)
      .getManyAndCount();
    return { rows: users.map(toAdminRow), total };
  }

  async get(id: number): Promise<AdminUserRow> {
    const user = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
    if (!user) throw notFound('USER_NOT_FOUND', USER_NOT_FOUND);
    return toAdminRow(user);
  }

  /** Edits and status changes, with their audit entry, in one transaction. Suspending needs a reason (the audit log keeps it). */
  async update(id: number, dto: AdminUpdateUserDto): Promise<AdminUserRow> {
    const current = await this.get(id);
    const patch: Partial<User> = {};
    if (dto.firstName !== undefined) patch.firstName = dto.firstName;
    if (dto.lastName !== undefined) patch.lastName = dto.lastName;
    if (dto.phone !== undefined) patch.phone = dto.phone || null;
    if (dto.gender !== undefined) patch.gender = dto.gender;
    const statusChange = dto.status && dto.status !== current.status && current.status !== 'deleted' ? dto.status : undefined;
    if (statusChange === 'suspended' && !dto.reason) throw invalidField('reason', 'Give the reason for the suspension');
    if (!statusChange && !Object.keys(patch).length) return current;
    await this.db.transaction(async (em) => {
      if (statusChange) {
        await em.update(User, id, { status: statusChange });
        // Suspension ends every open session at once.
        if (statusChange === 'suspended') await em.increment(User, { id }, 'tokenVersion', 1);
      }
      if (Object.keys(patch).length) await em.update(User, id, patch);
      const changed = { ...patch, ...(statusChange ? { status: statusChange } : {}) } as Record<string, unknown>;
      const before = Object.fromEntries(Object.keys(changed).map((k) => [k, (current as unknown as Record<string, unknown>)[k] ?? null]));
      const action = statusChange === 'suspended' ? 'users.suspend' : statusChange === 'active' ? 'users.reactivate' : 'users.update';
      await audit(em, { action, targetType: 'users', targetId: id, before, after: changed, reason: dto.reason });
    });
    return this.get(id);
  }

  suspend(id: number, reason: string | undefined): Promise<AdminUserRow> {
    return this.update(id, { status: 'suspended', reason });
  }
}
