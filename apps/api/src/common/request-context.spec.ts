import { cheapAsyncContext, tagsLogsWithRequestId } from './request-context';

describe('LOG_REQUEST_ID', () => {
  it('auto enters the request store only where it is cheap: frame-based context (Node 24, or the flag on 22) or tracing on', () => {
    expect(cheapAsyncContext([], '', '20.20.2')).toBe(false);
    expect(cheapAsyncContext([], '', '22.12.0')).toBe(false);
    expect(cheapAsyncContext(['--experimental-async-context-frame'], '', '22.12.0')).toBe(true);
    expect(cheapAsyncContext([], '--max-old-space-size=192 --experimental-async-context-frame', '22.12.0')).toBe(true);
    expect(cheapAsyncContext([], '', '24.21.0')).toBe(true);
    expect(cheapAsyncContext(['--no-async-context-frame'], '', '24.21.0')).toBe(false);
    expect(tagsLogsWithRequestId('auto', true)).toBe(true);
    expect(tagsLogsWithRequestId('auto', false)).toBe(cheapAsyncContext());
    expect(tagsLogsWithRequestId('on', false)).toBe(true);
    expect(tagsLogsWithRequestId('off', true)).toBe(false);
  });
});
