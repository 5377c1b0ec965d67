import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Termii's messaging API (https://developers.termii.com/messaging-api), for the e2e tests: a real
 * HTTP server answering POST /api/sms/send as Termii documents it. The JSON body carries `api_key`, `to` (the number
 * in international format without "+", e.g. 2348031234567), `from` (the sender id), `sms` (the text), `type` ("plain")
 * and `channel` ("generic", "dnd" or "whatsapp"); a sent message is answered 200
 * `{ message_id, message: "Successfully Sent", balance, user }`. A wrong key is 401 and a missing field 400, each with
 * `{ message }`. Tests read what was sent, or make the next calls fail.
 */
export interface TermiiMessage {
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
  messageId: string;
}

export class TermiiStandIn {
  readonly apiKey = `TL${randomBytes(12).toString('hex')}`;
  readonly senderId = 'Kasuwa';
  readonly messages: TermiiMessage[] = [];
  /** Calls still to refuse with 500 (a provider outage). */
  failNext = 0;
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
  }

  async stop(): Promise<void> {
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The settings that point the app at this stand-in. */
  env(): Record<string, string> {
    return { TERMII_API_KEY: this.apiKey, TERMII_SENDER_ID: this.senderId, TERMII_BASE_URL: this.baseUrl };
  }

  /** The 6-digit code of the last SMS to `e164` (+234…). */
  lastCode(e164: string): string {
    const sms = [...this.messages].reverse().find((m) => m.to === e164.replace(/^\+/, ''));
    const code = sms && /\b(\d{6})\b/.exec(sms.sms)?.[1];
    if (!code) throw new Error(`No code was sent to ${e164}`);
    return code;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/api/sms/send') return reply(404, { message: 'Not Found' });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(400, { message: 'Invalid JSON' });
    }
    if (body.api_key !== this.apiKey) return reply(401, { message: 'Invalid API key' });
    for (const field of ['to', 'from', 'sms', 'type', 'channel']) {
      if (typeof body[field] !== 'string' || !body[field]) return reply(400, { message: `The ${field} field is required.` });
    }
    if (!/^\d{10,15}$/.test(body.to as string))
      return reply(400, { message: 'The to must be a valid phone number in international format.' });
    if (body.type !== 'plain' || !['generic', 'dnd', 'whatsapp'].includes(body.channel as string))
      return reply(400, { message: 'Invalid type or channel.' });
    if (this.failNext > 0) {
      this.failNext -= 1;
      return reply(500, { message: 'Server Error' });
    }
    const messageId = String(BigInt(`0x${randomBytes(7).toString('hex')}`));
    this.messages.push({
      to: body.to as string,
      from: body.from as string,
      sms: body.sms as string,
      type: body.type as string,
      channel: body.channel as string,
      messageId,
    });
    reply(200, { message_id: messageId, message: 'Successfully Sent', balance: 1000 - this.messages.length, user: 'Kasuwa Tests' });
  }
}
