/** s3rver ships no types; this is the part the tests use. */
declare module 's3rver' {
  interface Options {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: unknown[] }[];
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ port: number; address: string }>;
    close(): Promise<void>;
  }
}
