import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { ImageService } from './image.service';
import { ImageVariantsService } from './image-variants.service';
import { LocalStorageService, StorageService } from './storage.service';

/** StorageService is the local folder unless S3_BUCKET is set, then the S3-compatible store. */
@Global()
@Module({
  providers: [
    LocalStorageService,
    {
      provide: StorageService,
      inject: [APP_CONFIG, LocalStorageService],
      // The S3 client (~20 MB of resident memory) is loaded only by a process that uses it.
      useFactory: async (cfg: AppConfig, local: LocalStorageService): Promise<StorageService> =>
        cfg.storage.s3.bucket ? new (await import('./s3-storage.service')).S3StorageService(cfg) : local,
    },
    ImageService,
    ImageVariantsService,
  ],
  exports: [StorageService, LocalStorageService, ImageService, ImageVariantsService],
})
export class StorageModule {}
