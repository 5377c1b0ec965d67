import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { ImageService } from './image.service';
import { ImageVariantsService } from './image-variants.service';
import { S3StorageService } from './s3-storage.service';
import { LocalStorageService, StorageService } from './storage.service';

/** StorageService is the local folder unless S3_BUCKET is set, then the S3-compatible store. */
@Global()
@Module({
  providers: [
    LocalStorageService,
    {
      provide: StorageService,
      inject: [APP_CONFIG, LocalStorageService],
      useFactory: (cfg: AppConfig, local: LocalStorageService) => (cfg.storage.s3.bucket ? new S3StorageService(cfg) : local),
    },
    ImageService,
    ImageVariantsService,
  ],
  exports: [StorageService, LocalStorageService, ImageService, ImageVariantsService],
})
export class StorageModule {}
