import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Conversation, Message, OfferPrice, UserBlock } from './entities/conversation.entity';

/** Buyer–seller chat (issue 14). */
@Module({
  imports: [TypeOrmModule.forFeature([Conversation, Message, UserBlock, OfferPrice])],
})
export class ConversationsModule {}
