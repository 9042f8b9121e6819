#!/usr/bin/env node
// An open-loop load: requests start at a fixed rate, one every 1000/rate ms, whether or not the
// earlier ones have been answered (a real crowd does not wait for the server). autocannon's -R is
// not that: each connection sends its share back to back at the start of every second, so its
// latencies measure the drain of a burst of `rate` requests. Run by bench.mjs in its own process:
//   node scripts/lib/open-loop.mjs <url> <rate> <seconds> [cookie]
// Prints JSON: offered and served rates, p50/p99/max latency in ms, errors.
import http from "node:http";

const [url, rateArg, secondsArg, cookie] = process.argv.slice(2);
const rate = Number(rateArg);
const seconds = Number(secondsArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const headers = cookie ? { cookie } : {};
const latencies = [];
let errors = 0;
let pending = 0;

function fire() {
  const started = performance.now();
  pending++;
  const request = http.get(url, { agent, headers }, (response) => {
    response.resume();
    response.on("end", () => {
      pending--;
      if (response.statusCode !== 200) errors++;
      else latencies.push(performance.now() - started);
    });
  });
  request.on("error", () => {
    pending--;
    errors++;
  });
}

const interval = 1000 / rate;
const total = Math.round(rate * seconds);
const begin = performance.now();
let sent = 0;
// Each start is scheduled against the clock, not after the previous timer (no drift).
await new Promise((resolve) => {
  const tick = () => {
    const due = Math.min(total, Math.floor((performance.now() - begin) / interval) + 1);
    while (sent < due) {
      fire();
      sent++;
    }
    if (sent >= total) return resolve();
    setTimeout(tick, Math.max(0, begin + sent * interval - performance.now()));
  };
  tick();
});
const deadline = performance.now() + 30_000;
while (pending > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
const elapsed = (performance.now() - begin) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : null);
console.log(
  JSON.stringify({
    offered: rate,
    served: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.length ? Math.round(latencies.at(-1)) : null,
    errors: errors + pending,
  }),
);
agent.destroy();
