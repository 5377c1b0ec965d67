import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutbox } from './entities/mail-outbox.entity';
import { MailService } from './mail.service';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([MailOutbox])], providers: [MailService], exports: [MailService] })
export class MailModule {}
