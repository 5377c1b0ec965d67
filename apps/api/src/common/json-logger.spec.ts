import { Logger } from '@nestjs/common';
import { JsonLogger } from './json-logger';
import { requestContext } from './request-context';

describe('JsonLogger', () => {
  function logger() {
    const out: Record<string, unknown>[] = [];
    const err: Record<string, unknown>[] = [];
    const sink = (to: Record<string, unknown>[]) => ({ write: (line: string) => void to.push(JSON.parse(line)) });
    return { out, err, log: new JsonLogger(['log', 'warn', 'error'], sink(out), sink(err)) };
  }

  it('writes one JSON object per line in the request log’s shape, with the context and, inside a request, its id', () => {
    const { out, log } = logger();
    log.log('started', 'Main');
    requestContext.run({ id: 'req-7' }, () => log.warn('slow', 'Jobs'));
    expect(out[0]).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      context: 'Main',
      msg: 'started',
    });
    expect(out[1]).toMatchObject({ level: 40, context: 'Jobs', msg: 'slow', requestId: 'req-7' });
    expect(out[1]).not.toHaveProperty('traceId'); // tracing is off in unit tests
  });

  it('errors go to standard error with their stack; levels not enabled write nothing', () => {
    const { out, err, log } = logger();
    log.error('failed', 'Error: x\n    at f (a.ts:1:1)', 'Mail');
    log.error(new Error('thrown'), 'Mail');
    log.error('no context', 'Error: y\n    at g (b.ts:2:2)');
    log.debug('hidden', 'Main');
    expect(out).toEqual([]);
    expect(err[0]).toMatchObject({ level: 50, context: 'Mail', msg: 'failed', stack: 'Error: x\n    at f (a.ts:1:1)' });
    expect(err[1]).toMatchObject({ level: 50, context: 'Mail', msg: 'thrown', stack: expect.stringContaining('Error: thrown') });
    expect(err[2]).toMatchObject({ msg: 'no context', stack: expect.stringContaining('at g') });
    expect(err[2]).not.toHaveProperty('context');
  });

  it('is what Nest’s Logger writes through once the app uses it', () => {
    const { out, log } = logger();
    Logger.overrideLogger(log);
    try {
      new Logger('Orders').log('placed');
    } finally {
      Logger.overrideLogger(false);
    }
    expect(out).toEqual([expect.objectContaining({ context: 'Orders', msg: 'placed' })]);
  });
});
