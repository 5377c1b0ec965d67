import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FlowPort } from '../../common/flow-port';

/** Risk rule chat_warnings, in the transaction that stores a message the scam check warned about. */
export type ChatWarnedHandler = (em: EntityManager, senderId: number) => Promise<void>;

/** Conversations' port for a warned chat message's risk count, served by the risk-signals flow. */
@Injectable()
export class ChatWarned extends FlowPort<ChatWarnedHandler> {
  constructor() {
    super('the risk count of warned chat messages');
  }
}
