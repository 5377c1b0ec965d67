/** The part of `negotiator` 0.6 (the version `compression` uses: `preferred` is a list) that compression.ts uses; it ships no types. */
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
