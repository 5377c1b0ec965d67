import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { runMigrationsLocked } from './migrate';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming.strategy';
import { PreparedStatements } from './prepared-statements';
import { ReadReplica } from './read-replica';
import { ReplicaRouter } from './replica-router';

/**
 * TypeORM over DATABASE_URL. Start-up step 1 (the sequence is in StartupService) happens here, because it must come
 * before the pool opens: migrations under an advisory lock (replicas starting together run them once), unless
 * MIGRATIONS_RUN=false leaves them to `npm run migrate`; `synchronize` never. With
 * DATABASE_READ_URL, TypeORM keeps a pool per replica too; every statement still goes to the primary unless it is sent
 * through ReadReplica (`defaultMode: 'master'`), so nothing reads a stale replica by accident.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (cfg: AppConfig) => {
        if (!cfg.db.url) throw new Error('DATABASE_URL is not set (npm start sets it to the embedded Postgres)');
        const replicas = cfg.scale.readUrls;
        return {
          type: 'postgres' as const,
          url: cfg.db.url,
          ...(replicas.length
            ? { replication: { master: { url: cfg.db.url }, slaves: replicas.map((url) => ({ url })), defaultMode: 'master' as const } }
            : {}),
          autoLoadEntities: true,
          synchronize: false,
          migrations,
          migrationsRun: cfg.scale.migrationsRun, // read by dataSourceFactory below, which runs them under the lock
          migrationsTransactionMode: 'each' as const,
          namingStrategy: new SnakeNamingStrategy(),
          uuidExtension: 'pgcrypto' as const,
          // statement_timeout: a runaway query frees its pooled connection instead of holding it (0 = no limit).
          // jit=off: JIT compiling costs 100-400 ms on a search the planner thinks big (a million listings), far more than it saves.
          extra: {
            max: cfg.scale.poolSize,
            options: '-c jit=off',
            ...(cfg.scale.statementTimeoutMs ? { statement_timeout: cfg.scale.statementTimeoutMs } : {}),
          },
        };
      },
      dataSourceFactory: async (options?: DataSourceOptions) => {
        const opts = options as DataSourceOptions & { url: string };
        if (opts.migrationsRun) await runMigrationsLocked(opts.url);
        return new DataSource({ ...opts, migrationsRun: false }).initialize();
      },
    }),
  ],
  providers: [ReplicaRouter, ReadReplica, PreparedStatements],
  exports: [ReplicaRouter, ReadReplica, PreparedStatements],
})
export class DatabaseModule {}
