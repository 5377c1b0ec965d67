import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { CHAT_EVENTS, type ChatMessage, type ChatMessageEvent, type ChatReadEvent } from '@kasuwa/contracts';

export const userRoom = (id: number) => `user:${id}`;

/** Live delivery to members' sockets (every tab and device of a user joins its user room). Without a socket server it does nothing. */
@Injectable()
export class ChatPush {
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
  }

  async message(userIds: number[], conversationId: number, message: ChatMessage): Promise<void> {
    this.server?.to(userIds.map(userRoom)).emit(CHAT_EVENTS.message, { conversationId, message } satisfies ChatMessageEvent);
  }

  async read(userIds: number[], event: ChatReadEvent): Promise<void> {
    this.server?.to(userIds.map(userRoom)).emit(CHAT_EVENTS.read, event);
  }

  /** Whether the user has a live socket (then no "while you were away" e-mail). */
  async isOnline(userId: number): Promise<boolean> {
    if (!this.server) return false;
    return (await this.server.in(userRoom(userId)).fetchSockets()).length > 0;
  }
}
