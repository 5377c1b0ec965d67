/**
 * A domain module's extension point for a rule that belongs to another module but must run inside this module's own
 * transaction (rule "writes that cross modules live in flows"). The module declares the port and calls it; the flow
 * that owns the rule (flows/) serves it when the app starts. The module never imports the one that answers, so the
 * module graph keeps no cycle and no domain module reaches into another's services (module-graph.spec.ts). The same
 * shape lets infrastructure ask a domain module (access's step-up check, served by users).
 *
 * Unserved, a port throws rather than answer a default: the rule it stands for (a risk check, a cancellation) must
 * not be skipped silently because a flow was left out of the app.
 */
export class FlowPort<Handler extends (...args: never[]) => Promise<unknown>> {
  private handler: Handler | null = null;

  /** `what`: the rule, and `server`: the module whose start-up serves it, for the error when nothing does. */
  constructor(
    private readonly what: string,
    private readonly server = 'FlowsModule',
  ) {}

  /** Called once by the flow at start-up. */
  handle(handler: Handler): void {
    this.handler = handler;
  }

  run(...args: Parameters<Handler>): ReturnType<Handler> {
    if (!this.handler) throw new Error(`Nothing serves ${this.what}: ${this.server} must be loaded.`);
    return this.handler(...args) as ReturnType<Handler>;
  }
}
