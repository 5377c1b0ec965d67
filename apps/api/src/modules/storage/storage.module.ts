import { Global, Module } from '@nestjs/common';
import { ImageService } from './image.service';
import { LocalStorageService, StorageService } from './storage.service';

@Global()
@Module({
  providers: [LocalStorageService, { provide: StorageService, useExisting: LocalStorageService }, ImageService],
  exports: [StorageService, LocalStorageService, ImageService],
})
export class StorageModule {}
