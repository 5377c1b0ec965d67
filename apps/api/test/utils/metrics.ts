import request from 'supertest';

/** /api/metrics as text (the test app is scraped from loopback, inside the default METRICS_ALLOW). */
export async function scrape(http: Parameters<typeof request>[0]): Promise<string> {
  return (await request(http).get('/api/metrics').expect(200)).text;
}

/** The value of one series in a scrape, matched by name and (a subset of) its labels; 0 when it is absent. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}
