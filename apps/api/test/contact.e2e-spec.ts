import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { appPerFile } from './utils/test-app';

describe('contact messages and the admin inbox', () => {
  const { t, admin } = appPerFile({ env: { CONTACT_RATE_LIMIT: '1000' }, admin: true });

  const msg = { userId: null, name: 'Bola', email: 'bola@example.com', subject: 'Delivery to Jos?', message: 'Do sellers deliver to Jos?' };

  it('a visitor sends a message; it is stored', async () => {
    const res = await request(t.http).post('/api/contact-us').send(msg).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Message sent successfully!',
      data: { email: 'bola@example.com', userId: null, isRead: false },
    });
  });

  it('a signed-in sender is linked by the token, not by the body', async () => {
    const u = await registerUser(t);
    const res = await request(t.http)
      .post('/api/contact-us')
      .set(bearer(u.token))
      .send({ ...msg, userId: 999 })
      .expect(201);
    expect(res.body.data.userId).toBe(u.user.id);
  });

  it('email, subject and message are required; name is optional', async () => {
    const res = await request(t.http).post('/api/contact-us').send({ name: '', email: 'x', subject: ' ', message: '' }).expect(422);
    expect(res.body.error.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'message', 'subject']);
    await request(t.http)
      .post('/api/contact-us')
      .send({ ...msg, name: undefined })
      .expect(201);
  });

  it('admins list unread first, mark read/unread, and reply by email', async () => {
    const list = await request(t.http).get('/api/admin/messages').set(bearer(admin)).expect(200);
    expect(list.headers['content-range']).toMatch(/^messages 0-\d+\/3$/);
    const first = list.body[0];
    await request(t.http).put(`/api/admin/messages/${first.id}`).set(bearer(admin)).send({ isRead: true }).expect(200);
    const after = await request(t.http).get('/api/admin/messages').set(bearer(admin)).expect(200);
    expect(after.body[after.body.length - 1].id).toBe(first.id);
    const unread = await request(t.http).get('/api/admin/messages').query({ filter: '{"isRead":false}' }).set(bearer(admin)).expect(200);
    expect(unread.body).toHaveLength(2);
    const replied = await request(t.http)
      .post(`/api/admin/messages/${first.id}/reply`)
      .set(bearer(admin))
      .send({ reply: 'Yes, most do.' })
      .expect(200);
    expect(replied.body).toMatchObject({ reply: 'Yes, most do.', isRead: true, repliedAt: expect.any(String) });
    const [mail] = await t.db.query(`SELECT recipient, subject, body FROM mail_outbox ORDER BY id DESC LIMIT 1`);
    expect(mail.recipient).toBe(first.email);
    expect(mail.subject).toBe(`Re: ${first.subject}`);
    expect(mail.body).toContain('Yes, most do.');
  });

  it('the inbox is admin only', async () => {
    const u = await registerUser(t);
    await request(t.http).get('/api/admin/messages').set(bearer(u.token)).expect(401);
    await request(t.http).get('/api/admin/messages').expect(401);
  });
});

describe('contact rate limit', () => {
  const { t } = appPerFile({ env: { CONTACT_RATE_LIMIT: '2' } });

  it('answers 429 with a message after the limit', async () => {
    const body = { email: 'spam@example.com', subject: 'Hi', message: 'Buy now' };
    await request(t.http).post('/api/contact-us').send(body).expect(201);
    await request(t.http).post('/api/contact-us').send(body).expect(201);
    const res = await request(t.http).post('/api/contact-us').send(body).expect(429);
    expect(res.body.message).toMatch(/Too many/);
  });
});
