import { Inject, Injectable } from '@nestjs/common';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { StorageService } from './storage.service';

/** Any S3-compatible store (AWS, R2, MinIO, …), chosen when S3_BUCKET is set. Objects are public and immutable. */
@Injectable()
export class S3StorageService extends StorageService {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig) {
    super();
    const s3 = cfg.storage.s3;
    this.bucket = s3.bucket!;
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      // Custom endpoints (MinIO, local stand-ins) address buckets by path, not by sub-domain.
      forcePathStyle: Boolean(s3.endpoint),
      credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    });
    this.publicBase =
      s3.publicUrl ?? (s3.endpoint ? `${s3.endpoint}/${this.bucket}` : `https://${this.bucket}.s3.${s3.region}.amazonaws.com`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    return `${this.publicBase}/${key}`;
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      if (chunk.length)
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }),
        );
    }
  }

  keyOf(url: string): string | null {
    return url.startsWith(`${this.publicBase}/`) ? url.slice(this.publicBase.length + 1) : null;
  }
}
