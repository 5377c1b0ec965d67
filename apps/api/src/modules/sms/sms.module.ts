import { Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { SmsOutbox } from './entities/sms-outbox.entity';
import { OutboxSmsGateway, SmsGateway, TermiiSmsGateway } from './sms.gateway';

/** SMS through Termii when TERMII_API_KEY is set, else into `sms_outbox` (and the log, outside production). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SmsOutbox])],
  providers: [
    {
      provide: SmsGateway,
      inject: [APP_CONFIG, getDataSourceToken()],
      useFactory: (cfg: AppConfig, db: DataSource): SmsGateway => {
        const { termii, smsLogLine } = cfg.verification;
        return termii.apiKey ? new TermiiSmsGateway({ ...termii, apiKey: termii.apiKey }) : new OutboxSmsGateway(db, smsLogLine);
      },
    },
  ],
  exports: [SmsGateway],
})
export class SmsModule {}
