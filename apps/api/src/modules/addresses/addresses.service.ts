import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_ADDRESSES, type Address } from '@kasuwa/contracts';
import { conflict, notFound } from '../../common/errors';
import { LocationsService } from '../locations/locations.service';
import { AddressDto } from './dto/address.dto';

const NOT_FOUND = () => notFound('ADDRESS_NOT_FOUND', 'Address not found');
const COLUMNS = `a.id, a.state_id AS "stateId", s.name AS "stateName", a.lga_id AS "lgaId", l.name AS "lgaName", a.street, a.landmark, a.phone, a.is_default AS "isDefault"`;
const FROM = `user_address a JOIN location_state s ON s.id = a.state_id JOIN location_lga l ON l.id = a.lga_id`;
/** docs/delivery.md (Places): the default first, then the newest. */
const ORDER = `a.is_default DESC, a.created_at DESC, a.id DESC`;

/**
 * The delivery addresses each user keeps (docs/delivery.md: Places): at most MAX_ADDRESSES, exactly one default
 * while there is any (the first saved; making one the default unsets the other; deleting the default promotes the
 * newest left). Another user's address is a 404, never a 403: ids say nothing about who owns what.
 * Every write takes the user's row lock first, so two writes of one user (two tabs) cannot pass the limit or leave two
 * defaults or none between them.
 */
@Injectable()
export class AddressesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly locations: LocationsService,
  ) {}

  list(userId: number, em: EntityManager = this.db.manager): Promise<Address[]> {
    return em.query<Address[]>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.user_id = $1 ORDER BY ${ORDER}`, [userId]);
  }

  async create(userId: number, dto: AddressDto): Promise<Address> {
    await this.locations.address(dto.stateId, dto.lgaId);
    return this.db.transaction(async (em) => {
      await this.lockUser(em, userId);
      const [{ n }] = await em.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM user_address WHERE user_id = $1`, [userId]);
      if (n >= MAX_ADDRESSES)
        throw conflict('TOO_MANY_ADDRESSES', `You can keep up to ${MAX_ADDRESSES} addresses. Delete one to add another.`);
      const isDefault = n === 0 || dto.isDefault === true;
      if (isDefault)
        await em.query(`UPDATE user_address SET is_default = false, updated_at = now() WHERE user_id = $1 AND is_default`, [userId]);
      const [{ id }] = await em.query<{ id: number }[]>(
        `INSERT INTO user_address (user_id, state_id, lga_id, street, landmark, phone, is_default) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [userId, dto.stateId, dto.lgaId, dto.street, dto.landmark ?? null, dto.phone, isDefault],
      );
      return this.one(em, userId, id);
    });
  }

  async update(userId: number, id: number, dto: AddressDto): Promise<Address> {
    await this.locations.address(dto.stateId, dto.lgaId);
    return this.db.transaction(async (em) => {
      await this.lockUser(em, userId);
      await this.one(em, userId, id);
      if (dto.isDefault === true) await this.setDefault(em, userId, id);
      await em.query(
        `UPDATE user_address SET state_id = $3, lga_id = $4, street = $5, landmark = $6, phone = $7, updated_at = now() WHERE id = $1 AND user_id = $2`,
        [id, userId, dto.stateId, dto.lgaId, dto.street, dto.landmark ?? null, dto.phone],
      );
      return this.one(em, userId, id);
    });
  }

  async remove(userId: number, id: number): Promise<Address[]> {
    return this.db.transaction(async (em) => {
      await this.lockUser(em, userId);
      const [gone] = await em.query<[{ is_default: boolean }[], number]>(
        `DELETE FROM user_address WHERE id = $1 AND user_id = $2 RETURNING is_default`,
        [id, userId],
      );
      if (!gone.length) throw NOT_FOUND();
      if (gone[0].is_default) {
        await em.query(
          `UPDATE user_address SET is_default = true, updated_at = now()
            WHERE id = (SELECT id FROM user_address WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)`,
          [userId],
        );
      }
      return this.list(userId, em);
    });
  }

  async makeDefault(userId: number, id: number): Promise<Address[]> {
    return this.db.transaction(async (em) => {
      await this.lockUser(em, userId);
      await this.one(em, userId, id);
      await this.setDefault(em, userId, id);
      return this.list(userId, em);
    });
  }

  /** Two statements: the one-default unique index is checked row by row, so the old default goes before the new one comes. */
  private async setDefault(em: EntityManager, userId: number, id: number): Promise<void> {
    await em.query(`UPDATE user_address SET is_default = false, updated_at = now() WHERE user_id = $1 AND is_default AND id <> $2`, [
      userId,
      id,
    ]);
    await em.query(`UPDATE user_address SET is_default = true, updated_at = now() WHERE id = $1 AND user_id = $2 AND NOT is_default`, [
      id,
      userId,
    ]);
  }

  private async lockUser(em: EntityManager, userId: number): Promise<void> {
    // NO KEY UPDATE: serialises this user's address writes (and account deletion) without blocking rows that merely reference the user.
    await em.query(`SELECT 1 FROM app_user WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
  }

  private async one(em: EntityManager, userId: number, id: number): Promise<Address> {
    const [row] = await em.query<Address[]>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1 AND a.user_id = $2`, [id, userId]);
    if (!row) throw NOT_FOUND();
    return row;
  }
}
