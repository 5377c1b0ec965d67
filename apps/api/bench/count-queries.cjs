// Preloaded (node --require) into the servers `npm run bench:http` starts: counts the SQL statements sent through `pg`
// and answers the bench's {count} message over IPC. pg_stat_statements is not preloaded on every Postgres, and
// pg_stat_database counters are flushed by backends only every few seconds, so the count is taken at the client.
const pg = require('pg');

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements++;
  return query.apply(this, args);
};
process.on('message', (m) => {
  if (m && m.count) process.send({ statements });
  // Where the memory is (BENCH_MEMORY=1 in the bench): the V8 heap, or buffers and native memory outside it.
  if (m && m.memory)
    process.send({ memory: { ...process.memoryUsage(), ...(m.gc && global.gc ? (global.gc(), { afterGc: process.memoryUsage() }) : {}) } });
});
