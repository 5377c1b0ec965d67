// What the HTTP adapter alone costs: one minimal Nest app (one controller, GET /hello → {"ok":true}, no middleware,
// no guards, no logging) served on Express and on Fastify, beside bare node:http, each in its own process, autocannon
// at 64 connections, in one run. The gap between "Nest on Express" and "Nest on Fastify" is what switching Kasuwa's
// adapter could buy on a request that reads no data; the gap to bare is Nest's own dispatch.
// Usage: npm run bench:adapter -- [--duration 10] [--connections 64]
// (Kasuwa itself runs on Fastify: src/http-adapter.ts)
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { freePort } from '../scripts/embedded-postgres.mjs';

const require = createRequire(import.meta.url);
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 64);

/** The server side: started in a child process with the adapter as argument. */
async function serve(kind, port) {
  if (kind === 'bare') {
    const body = JSON.stringify({ ok: true });
    createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }).listen(port, '127.0.0.1');
    return;
  }
  require('reflect-metadata');
  const { Controller, Get, Module } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  class HelloController {
    hello() {
      return { ok: true };
    }
  }
  // Decorators applied by hand: this file is plain JavaScript.
  Get('hello')(HelloController.prototype, 'hello', Object.getOwnPropertyDescriptor(HelloController.prototype, 'hello'));
  Controller()(HelloController);
  class AppModule {}
  Module({ controllers: [HelloController] })(AppModule);
  const adapter = kind === 'fastify' ? new (require('@nestjs/platform-fastify').FastifyAdapter)() : undefined;
  const app = await NestFactory.create(AppModule, adapter, { logger: false });
  await app.listen(port, '127.0.0.1');
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3], Number(process.argv[4]));
} else {
  const cpuSeconds = (pid) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  };
  const rows = [];
  for (const kind of ['bare', 'express', 'fastify']) {
    const port = await freePort();
    const child = fork(import.meta.filename, ['--serve', kind, String(port)], { stdio: 'inherit' });
    const url = `http://127.0.0.1:${port}/hello`;
    for (
      let i = 0;
      i < 200 &&
      !(await fetch(url).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
    const cpu0 = cpuSeconds(child.pid);
    const res = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
    const cpuMs = (1000 * (cpuSeconds(child.pid) - cpu0)) / res.requests.total;
    rows.push({
      kind,
      rps: res.requests.total / DURATION,
      p50: res.latency.p50,
      p99: res.latency.p99,
      cpuMs,
      errors: res.non2xx + res.errors,
    });
    child.kill('SIGTERM');
  }
  const bare = rows[0];
  console.log(`\nNest's dispatch alone: GET /hello, ${CONNECTIONS} connections, ${DURATION} s each, one run\n`);
  console.log(
    '| server | req/s | p50 ms | p99 ms | CPU ms/req | errors | ÷ bare (req/s) | ÷ bare (CPU) |\n|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.kind === 'bare' ? 'bare node:http' : `minimal Nest on ${r.kind}`} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuMs.toFixed(3)} | ${r.errors} | ${(r.rps / bare.rps).toFixed(2)}× | ${(bare.cpuMs / r.cpuMs).toFixed(2)}× |`,
    );
  }
  process.exit(0);
}
