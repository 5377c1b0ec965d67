import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { CommissionRequest } from '@kasuwa/contracts';
import { audit, updateAudited } from '../../common/audit';
import { notFound } from '../../common/errors';
import type { PageRequest } from '../../common/list-query';
import { Commission } from './entities/commission.entity';
import { toCommission } from './taxonomy.mapper';

/** Commission notes; the first one is the agreement sellers accept on the product form. */
@Injectable()
export class CommissionsService {
  constructor(@InjectRepository(Commission) private readonly commissions: Repository<Commission>) {}

  async listAll() {
    return (await this.commissions.find({ order: { createdAt: 'ASC', id: 'ASC' } })).map(toCommission);
  }

  async list({ sort, order, offset, limit }: PageRequest<'id' | 'note' | 'createdAt' | 'updatedAt'>) {
    const [rows, total] = await this.commissions.findAndCount({ order: { [sort]: order, id: 'ASC' }, skip: offset, take: limit });
    return { rows: rows.map(toCommission), total };
  }

  async get(id: number) {
    return toCommission(await this.find(id));
  }

  /** Each admin edit writes its audit entry in its own transaction (the first note is what sellers agree to). */
  async create({ note }: CommissionRequest) {
    return toCommission(
      await this.commissions.manager.transaction(async (em) => {
        const row = await em.save(this.commissions.create({ note }));
        await audit(em, { action: 'commissions.create', targetType: 'commissions', targetId: row.id, after: { note } });
        return row;
      }),
    );
  }

  async update(id: number, { note }: CommissionRequest) {
    await updateAudited(this.commissions, await this.find(id), { note }, { action: 'commissions.update', targetType: 'commissions' });
    return this.get(id);
  }

  async remove(id: number) {
    const c = await this.find(id);
    await this.commissions.manager.transaction(async (em) => {
      await em.delete(Commission, id);
      await audit(em, { action: 'commissions.delete', targetType: 'commissions', targetId: id, before: { note: c.note } });
    });
    return toCommission(c);
  }

  private async find(id: number) {
    const c = await this.commissions.findOneBy({ id });
    if (!c) throw notFound('COMMISSION_NOT_FOUND', 'Commission not found');
    return c;
  }
}
