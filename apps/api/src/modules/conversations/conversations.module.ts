import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';
import { ChatPush } from './chat-push';
import { ChatWarned } from './chat-warned';
import { ChatGateway } from './chat.gateway';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';
import { Conversation, Message, OfferPrice, UserBlock } from './entities/conversation.entity';

/** Buyer–seller chat: conversations, messages, offers, blocks, live delivery over socket.io. */
@Module({
  imports: [TypeOrmModule.forFeature([Conversation, Message, UserBlock, OfferPrice])],
  controllers: [ConversationsController, BlocksController],
  providers: [ConversationsService, BlocksService, ChatPush, ChatGateway, ChatWarned],
  exports: [ConversationsService, ChatWarned],
})
export class ConversationsModule {}
