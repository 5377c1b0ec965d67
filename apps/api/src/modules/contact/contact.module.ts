import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessage } from './contact-message.entity';
import { ContactController, MessagesAdminController } from './contact.controller';
import { ContactService } from './contact.service';

@Module({ imports: [TypeOrmModule.forFeature([ContactMessage])], controllers: [ContactController, MessagesAdminController], providers: [ContactService] })
export class ContactModule {}
