import S3rver from 's3rver';

/**
 * A real S3 API server on loopback (s3rver) keeping its files in `directory`, with `bucket` made: the server (the
 * caller closes it) and the S3_* settings that point the app at the bucket.
 */
export async function startS3(directory: string, bucket: string): Promise<{ s3: S3rver; endpoint: string; env: Record<string, string> }> {
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    s3,
    endpoint,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
  };
}
