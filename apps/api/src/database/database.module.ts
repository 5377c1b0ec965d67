import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming.strategy';

/** TypeORM over DATABASE_URL; migrations run at start, `synchronize` never. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (cfg: AppConfig) => {
        if (!cfg.db.url) throw new Error('DATABASE_URL is not set (npm start sets it to the embedded Postgres)');
        return {
          type: 'postgres' as const,
          url: cfg.db.url,
          autoLoadEntities: true,
          synchronize: false,
          migrations,
          migrationsRun: true,
          migrationsTransactionMode: 'each' as const,
          namingStrategy: new SnakeNamingStrategy(),
          uuidExtension: 'pgcrypto' as const,
          extra: { max: 10 },
        };
      },
    }),
  ],
})
export class DatabaseModule {}
