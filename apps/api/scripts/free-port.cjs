// @ts-check
'use strict';
// The kernel hands out ports of its ephemeral range (32768–60999 by default) to every listen(0) and every outgoing
// connection, and SuperTest listens on one for each request. A port found free there and given to a child process
// can be taken again before the child binds it: the child then dies of EADDRINUSE while another test's app answers
// on its port. So the ports given to child processes (API replicas, Postgres servers) come from below that range,
// where the kernel hands out nothing.
const { readFileSync } = require('node:fs');
const { createServer } = require('node:net');

const LOWEST = 10_000;
const SLICE = 1_000;

function ephemeralStart() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > LOWEST + SLICE) return low;
  } catch {
    /* not Linux */
  }
  return 32_768;
}

// Each jest worker takes ports from a slice of its own, so two test files running at once never pick the same one;
// a random start keeps two runs on one machine apart, and one process never hands out the same port twice.
const slices = Math.max(1, Math.floor((ephemeralStart() - LOWEST) / SLICE));
const sliceStart = LOWEST + (Number(process.env.JEST_WORKER_ID ?? 0) % slices) * SLICE;
let next = Math.floor(Math.random() * SLICE);
const given = new Set();

/** @param {number} port @returns {Promise<boolean>} */
function canBind(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.unref();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port below the kernel's ephemeral range that nothing listens on now, for a child process to listen on. */
async function freePort() {
  for (let tries = 0; tries < SLICE; tries++) {
    const port = sliceStart + (next++ % SLICE);
    if (given.has(port)) continue;
    if (await canBind(port)) {
      given.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${sliceStart}–${sliceStart + SLICE - 1}`);
}

module.exports = { freePort };
