import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  to: string;
  data: string;
  messageId: string;
}

/** A local SMTP server standing in for the mail provider: it keeps every mail it is sent, and can refuse a few first. */
export class SmtpCatcher {
  readonly received: CaughtMail[] = [];
  /** The next this-many mails are answered 451 (mailbox busy, try later), as a real server may. */
  refuseNext = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, session, done) => {
      let data = '';
      stream.on('data', (c) => (data += c));
      stream.on('end', () => {
        if (this.refuseNext > 0) {
          this.refuseNext--;
          return done(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        }
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        this.received.push({ to, data, messageId: /^Message-ID: (.*)$/im.exec(data)?.[1] ?? '' });
        done();
      });
    },
  });

  /** Listens on a free port; returns the SMTP_URL that reaches it. */
  async start(): Promise<string> {
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise<void>((ok) => this.server.close(() => ok()));
  }
}
