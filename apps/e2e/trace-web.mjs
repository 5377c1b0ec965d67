// `node apps/e2e/trace-web.mjs <url> [minMs]`: the main-thread tasks of one page load in Debian's Chromium, until the
// page has hydrated (data-hydrated) and a second after, each with what it ran (from a trace and a CPU profile).
// Times are the renderer's thread time, not wall time: on a shared machine (other builds and tests) wall times swell
// with the load while thread time stays what the page costs. Lighthouse's mobile run counts 4x each task (its CPU
// slowdown) and every part over 50 ms as blocking time: "x4" and the blocking estimate at the end say what that gives.
// Build with `--minify false` (vite build --config apps/storefront/vite.config.mts --minify false) for readable names.
import { chromium } from 'playwright-core';

const [, , url, minMs = '8'] = process.argv;
if (!url) {
  console.error('usage: node apps/e2e/trace-web.mjs <url> [minMs]');
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  // Lighthouse's phone (Moto G Power): 412 px wide.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel'],
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(
    () => !document.getElementById('kasuwa-data') || document.documentElement.hasAttribute('data-hydrated'),
    null,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  const { traceEvents: events } = JSON.parse((await browser.stopTracing()).toString());
  report(events, profile, Number(minMs));
} finally {
  await browser.close();
}

function report(events, profile, min) {
  // The page's renderer main thread: the one that ran its scripts.
  const threads = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const calls = (t) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'FunctionCall').length;
  const main = threads.sort((a, b) => calls(b) - calls(a))[0];
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const isTask = (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  const within = (inner, outer) => inner !== outer && inner.ts >= outer.ts && inner.ts + inner.dur <= outer.ts + outer.dur;
  const tasks = mine.filter((e) => isTask(e) && !mine.some((o) => isTask(o) && o.dur > e.dur && within(e, o)));
  const cost = (e) => (e.tdur ?? e.dur) / 1000;
  const start = tasks[0]?.ts ?? 0;

  // CPU profile samples, to name the functions a task spent its time in (inclusive time, most first).
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => samples.push([(at += profile.timeDeltas[i]), id]));
  const label = (n) =>
    `${n.callFrame.functionName || '(anonymous)'}@${n.callFrame.url
      .split('/')
      .pop()
      .replace(/-[\w-]{8}\.js$/, '')}`;
  const skip = /^\((root|program|idle)\)/;
  function heaviest(task) {
    const inTask = samples.filter(([ts]) => ts >= task.ts && ts <= task.ts + task.dur);
    const inclusive = new Map();
    for (const [, id] of inTask) {
      const seen = new Set();
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        const key = label(nodes.get(cur));
        if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
        seen.add(key);
      }
    }
    const per = inTask.length ? cost(task) / inTask.length : 0;
    return [...inclusive]
      .filter(([k]) => !skip.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, n]) => `${k} ${(n * per).toFixed(1)}`)
      .join(', ');
  }

  let blocking = 0;
  for (const task of tasks) {
    const ms = cost(task);
    blocking += Math.max(0, ms * 4 - 50);
    if (ms < min) continue;
    const kids = mine.filter((k) => !isTask(k) && within(k, task));
    const top = kids.filter((k) => !kids.some((o) => o.dur > k.dur && within(k, o))).slice(0, 4);
    const what = top
      .map((k) => `${k.name}${k.args?.data?.url ? ` ${k.args.data.url.split('/').pop()}` : ''} ${cost(k).toFixed(1)}`)
      .join(' | ');
    console.log(
      `${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(5)} ms (x4 ${(ms * 4).toFixed(0).padStart(3)})  ${what}`,
    );
    if (ms >= 2 * min) console.log(`         ${heaviest(task)}`);
  }
  const total = tasks.reduce((n, t) => n + cost(t), 0);
  console.log(
    `main thread ${total.toFixed(0)} ms in ${tasks.length} tasks; at 4x, ~${blocking.toFixed(0)} ms of blocking time (every task, from the start)`,
  );
}
