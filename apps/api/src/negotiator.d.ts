/** The part of `negotiator` (a dependency of `compression`) that compression.ts uses; it ships no types. */
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
