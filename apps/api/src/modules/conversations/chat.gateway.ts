import { Inject } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { CHAT_SOCKET_PATH } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { hmacKey } from '../access/bearer-jwt';
import { ChatPush, userRoom } from './chat-push';
import type { AppUserRow } from '../../database/rows.generated';

/**
 * socket.io on the app's own port at CHAT_SOCKET_PATH. The handshake carries the user token (`auth: {token}`), checked
 * like the HTTP strategy (user secret and audience, active account, current token version); each socket joins its
 * user's room and only receives (sending goes through HTTP, with its validation, rate limit and auth declarations).
 */
@WebSocketGateway({ path: CHAT_SOCKET_PATH, serveClient: false })
export class ChatGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly jwt = new JwtService();
  /** The user secret as a key object, made once (see hmacKey). */
  private userKey?: ReturnType<typeof hmacKey>;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly push: ChatPush,
  ) {}

  afterInit(server: Server): void {
    this.push.attach(server);
    server.use((socket, next) => {
      this.authenticate(socket).then(
        (userId) => {
          socket.data.userId = userId;
          next();
        },
        () => next(new Error('unauthorized')),
      );
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    await socket.join(userRoom(socket.data.userId as number));
  }

  private async authenticate(socket: Socket): Promise<number> {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token.length > 4096) throw new Error('no token');
    const claims = await this.jwt.verifyAsync<{ sub: string | number; ver: number }>(token, {
      secret: (this.userKey ??= hmacKey(this.cfg.jwt.userSecret)) as unknown as string, // jsonwebtoken takes a KeyObject (its typings say string | Buffer)
      audience: this.cfg.jwt.userAudience,
      issuer: this.cfg.jwt.issuer,
    });
    const [u] = await this.db.query<Pick<AppUserRow, 'status' | 'token_version'>[]>(
      `SELECT status, token_version FROM app_user WHERE id = $1`,
      [Number(claims.sub)],
    );
    if (!u || u.status !== 'active' || u.token_version !== claims.ver) throw new Error('session ended');
    return Number(claims.sub);
  }
}
