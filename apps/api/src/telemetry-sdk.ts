import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_HTTP_ROUTE, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { IncomingMessage } from 'node:http';
import type { Tracing } from './telemetry';

/** The span attribute that carries the request id (the X-Request-Id answered to the caller). */
export const REQUEST_ID_ATTRIBUTE = 'kasuwa.request_id';

/** Probes and scrapes are not traced: they would bury the requests people make. */
const untraced = (req: IncomingMessage) => /^\/api\/(health|metrics)(\/|\?|$)/.test(req.url ?? '');

/**
 * The tracer provider, exporting OTLP/HTTP JSON in batches, and the instrumentations of incoming and outgoing HTTP,
 * Postgres and Redis. Loaded by telemetry.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set, before the app's modules.
 * SQL and Redis spans need a parent (a request or a job): pg-boss's polling and the pools' upkeep stay out of traces.
 */
export function startTracing(endpoint: string, serviceName: string): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: Resource.default().merge(new Resource({ [ATTR_SERVICE_NAME]: serviceName })),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register(); // AsyncLocalStorage context manager and the W3C trace-context propagator
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: untraced, requireParentforOutgoingSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  const tracer = provider.getTracer('kasuwa-api');

  const inSpan = async <T>(span: Span, run: () => Promise<T>): Promise<T> => {
    try {
      return await context.with(trace.setSpan(context.active(), span), run);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  };

  return {
    request(requestId, method, route) {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
      if (route) {
        span.setAttribute(ATTR_HTTP_ROUTE, route);
        span.updateName(`${method} ${route}`);
      }
      return span.spanContext().traceId;
    },
    traceId: () => trace.getActiveSpan()?.spanContext().traceId,
    traceparent() {
      const carrier: { traceparent?: string } = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent;
    },
    job(name, jobId, traceparent, run) {
      const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
      const span = tracer.startSpan(
        `job ${name}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': name, 'messaging.message.id': jobId },
        },
        parent,
      );
      return context.with(trace.setSpan(parent, span), () => inSpan(span, run));
    },
    client(name, attributes, call) {
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
      return inSpan(span, () => call(span));
    },
    shutdown: () => provider.shutdown(),
  };
}
