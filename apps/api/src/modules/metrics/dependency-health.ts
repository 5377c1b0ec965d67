import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from './metrics.service';

/** The outside engines Kasuwa works without (slower or with less): none of them takes readiness down. */
export type Dependency = 'redis' | 'replicas' | 'paystack' | 'smtp';
export type DependencyState = 'up' | 'degraded' | 'off';

/**
 * What the process last saw of each optional dependency. Redis and the replicas are probed by readiness; Paystack and
 * SMTP are judged by their last real call (probing a payment provider on every readiness check would cost a call per
 * pod every few seconds), so they read `degraded` from a failed call until one succeeds. Exported as
 * `kasuwa_dependency_up{dependency}` (1 up, 0 degraded; not set while off).
 */
@Injectable()
export class DependencyHealth {
  private readonly states = new Map<Dependency, DependencyState>();

  constructor(metrics: MetricsService) {
    const states = this.states;
    new Gauge({
      name: 'kasuwa_dependency_up',
      help: 'Optional dependencies as this process last saw them: 1 up, 0 degraded (the site serves without them)',
      labelNames: ['dependency'],
      registers: [metrics.registry],
      collect() {
        this.reset();
        for (const [dependency, state] of states) if (state !== 'off') this.set({ dependency }, state === 'up' ? 1 : 0);
      },
    });
  }

  set(name: Dependency, state: DependencyState): void {
    this.states.set(name, state);
  }

  /** A real call's outcome (Paystack, SMTP). */
  record(name: Dependency, ok: boolean): void {
    this.states.set(name, ok ? 'up' : 'degraded');
  }

  /** `up` until something failed; `off` for what was set off. */
  state(name: Dependency): DependencyState {
    return this.states.get(name) ?? 'up';
  }
}
