import { Injectable } from '@nestjs/common';

/** The time money rules read (auto-release, payout holds): one place a test can move forward instead of waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
