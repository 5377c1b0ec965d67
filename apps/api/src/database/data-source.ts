import { DataSource } from 'typeorm';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming.strategy';

/** A bare DataSource (no Nest) for scripts: migrations and bulk loads. */
export function createDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    migrationsTransactionMode: 'each',
  });
}
