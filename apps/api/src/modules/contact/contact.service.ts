import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ContactMessageRow } from '@kasuwa/contracts';
import { audit, updateAudited } from '../../common/audit';
import { notFound } from '../../common/errors';
import { likePattern } from '../../common/list-query';
import { MailService } from '../mail/mail.service';
import { ContactMessage } from './entities/contact-message.entity';
import { ContactMessageDto } from './dto/contact.dto';

const toRow = (m: ContactMessage): ContactMessageRow => ({
  id: m.id,
  userId: m.userId,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
  isRead: m.isRead,
  reply: m.reply,
  repliedAt: m.repliedAt ? m.repliedAt.toISOString() : null,
  createdAt: m.createdAt.toISOString(),
});

/** The contact inbox: visitors write, admins read, mark and answer by email. */
@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly mail: MailService,
  ) {}

  async send(dto: ContactMessageDto, userId: number | null): Promise<ContactMessageRow> {
    const saved = await this.messages.save(
      this.messages.create({ userId, name: dto.name || null, email: dto.email, subject: dto.subject, message: dto.message }),
    );
    return toRow(saved);
  }

  /** Unread first, then newest. */
  async list(q: { search?: string; isRead?: boolean; offset: number; limit: number }) {
    const qb = this.messages.createQueryBuilder('m');
    if (q.isRead !== undefined) qb.andWhere('m.is_read = :r', { r: q.isRead });
    if (q.search?.trim())
      qb.andWhere('(m.subject ILIKE :s OR m.email::text ILIKE :s OR m.name ILIKE :s OR m.message ILIKE :s)', {
        s: likePattern(q.search.trim()),
      });
    const [rows, total] = await qb
      .orderBy('m.is_read', 'ASC')
      .addOrderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .skip(q.offset)
      .take(q.limit)
      .getManyAndCount();
    return { rows: rows.map(toRow), total };
  }

  async get(id: number): Promise<ContactMessageRow> {
    return toRow(await this.find(id));
  }

  async markRead(id: number, isRead: boolean): Promise<ContactMessageRow> {
    await updateAudited(this.messages, await this.find(id), { isRead }, { action: 'messages.mark', targetType: 'messages' });
    return this.get(id);
  }

  /** The reply is queued in the mail outbox, kept on the message and audited in one transaction. */
  async reply(id: number, reply: string, adminId: number): Promise<ContactMessageRow> {
    const m = await this.find(id);
    await this.messages.manager.transaction(async (em) => {
      await this.mail.send(
        m.email,
        `Re: ${m.subject}`,
        `${reply}\n\n— Kasuwa support\n\nYou wrote:\n> ${m.message.split('\n').join('\n> ')}`,
        em,
      );
      await em.update(ContactMessage, id, { reply, repliedAt: new Date(), repliedBy: adminId, isRead: true });
      await audit(em, {
        action: 'messages.reply',
        targetType: 'messages',
        targetId: id,
        before: { isRead: m.isRead, reply: m.reply },
        after: { isRead: true, reply },
      });
    });
    return this.get(id);
  }

  private async find(id: number): Promise<ContactMessage> {
    const m = await this.messages.findOneBy({ id });
    if (!m) throw notFound('MESSAGE_NOT_FOUND', 'Message not found');
    return m;
  }
}
