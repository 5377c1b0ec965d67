import { Injectable } from '@nestjs/common';

/** Whether this process is on its way out: readiness answers 503 from the first moment of a shutdown. */
@Injectable()
export class LifecycleService {
  private draining = false;

  get shuttingDown(): boolean {
    return this.draining;
  }

  beginShutdown(): void {
    this.draining = true;
  }
}
