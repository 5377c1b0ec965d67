import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, loadConfig } from './app.config';

/** Provides the validated AppConfig everywhere under the APP_CONFIG token. */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: () => loadConfig(process.env) }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
