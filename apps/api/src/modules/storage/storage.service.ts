import { Inject, Injectable } from '@nestjs/common';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { APP_CONFIG, AppConfig } from '../../config/app.config';

/** Where uploaded files live. One interface; the local folder is the default driver. */
export abstract class StorageService {
  /** Stores bytes under a key like `products/12/abc-400.webp` and returns its public URL. */
  abstract put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The bytes stored under a key (a job making variants reads the original back). */
  abstract get(key: string): Promise<Buffer>;
  abstract delete(keys: string[]): Promise<void>;
  /** The key behind a URL this storage produced, or null if the URL is not ours. */
  abstract keyOf(url: string): string | null;
}

export const UPLOADS_ROUTE = '/uploads';

/** Files in UPLOAD_DIR, served by the API at /uploads with long-lived cache headers. */
@Injectable()
export class LocalStorageService extends StorageService {
  readonly root: string;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig) {
    super();
    this.root = resolve(cfg.storage.uploadDir);
  }

  private pathOf(key: string): string {
    const p = resolve(join(this.root, key));
    if (!p.startsWith(this.root + '/')) throw new Error(`Bad storage key: ${key}`);
    return p;
  }

  async put(key: string, body: Buffer): Promise<string> {
    const p = this.pathOf(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, body);
    return `${UPLOADS_ROUTE}/${key}`;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => rm(this.pathOf(k), { force: true })));
  }

  keyOf(url: string): string | null {
    return url.startsWith(`${UPLOADS_ROUTE}/`) ? url.slice(UPLOADS_ROUTE.length + 1) : null;
  }
}
