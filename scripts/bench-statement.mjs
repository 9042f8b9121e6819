#!/usr/bin/env node
// `npm run bench:statement`: how long the import of a large bank statement takes, and how slow the
// shop's other requests are while it runs (issue 36: a camt.054 of 100 000 credits took 31 s and
// every other request waited for it).
//
// Starts the production build (BUILD_DIR, default build-bench; built unless BENCH_REUSE_BUILD=1) on
// a fresh embedded database with the demo data, uncached (PAGE_CACHE=off: every listing runs its
// queries), signs in as the demo admin, and uploads a camt.054 of BENCH_STATEMENT_ENTRIES (100 000)
// credits as compact as a bank's file can be (within the 10 MB limit). Meanwhile a new visitor asks
// for a page of the product listing every BENCH_STATEMENT_GAP_MS (50) ms. Prints the import's time
// (upload until its result page shows it done) and the listing's answers during it (count, median,
// slowest). Point BUILD_DIR at another commit's build (an absolute path) to compare.
import path from "node:path";
import { ensureBuild, freshDataDir, removeDataDir, startServer, stopServer } from "./lib/prod-server.mjs";
import { Visitor } from "./lib/visitor.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const ENTRIES = Number(process.env.BENCH_STATEMENT_ENTRIES ?? 100_000);
const GAP_MS = Number(process.env.BENCH_STATEMENT_GAP_MS ?? 50);
const base = `http://localhost:${PORT}`;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function statement(entries) {
  const tag = `BENCH${Date.now()}`;
  const parts = [];
  for (let i = 0; i < entries; i += 1) {
    // Every credit differs (its amount): a build that folds identical credits into one imports them all too.
    // No booking date: a notification may leave it out (the message's date is taken).
    parts.push(`<Ntry><Amt Ccy="EUR">${(1 + i / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>`);
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>${tag}</MsgId><CreDtTm>2026-11-24T06:00:00</CreDtTm></GrpHdr><Ntfctn><Id>${tag}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${parts.join("")}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`,
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

async function main() {
  // Another commit's build (an absolute path) is taken as it is.
  if (!path.isAbsolute(BUILD_DIR)) ensureBuild(BUILD_DIR, { reuse: process.env.BENCH_REUSE_BUILD === "1" });
  const dataDir = freshDataDir("statement");
  const server = await startServer({ buildDir: BUILD_DIR, port: PORT, dataDir, env: { PAGE_CACHE: "off", PAGE_CACHE_TTL: "0" } });
  try {
    const admin = new Visitor(base, "admin");
    await admin.request("/login", { method: "POST", form: { email: "admin@example.com", password: "admin12345" } });
    if (!admin.cookies.has("__session")) throw new Error("the demo admin could not sign in");
    const file = statement(ENTRIES);
    console.error(`[bench:statement] ${ENTRIES} credits, ${(file.length / 1024 / 1024).toFixed(2)} MB, build ${BUILD_DIR}`);

    let done = false;
    const answers = [];
    const listing = (async () => {
      for (let page = 1; !done; page += 1) {
        const started = performance.now();
        const response = await fetch(`${base}/products?page=${1 + (page % 3)}`, { headers: { connection: "close" } });
        await response.arrayBuffer();
        if (!done) answers.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`the listing answered ${response.status}`);
        await pause(GAP_MS);
      }
    })();

    const started = performance.now();
    const form = new FormData();
    form.set("intent", "import");
    form.set("statement", new Blob([file], { type: "application/xml" }), "bench.xml");
    const upload = await fetch(`${base}/admin/payments`, { method: "POST", body: form, headers: { cookie: admin.header, origin: base }, redirect: "manual" });
    const answered = performance.now() - started;
    const location = upload.headers.get("location");
    if (upload.status !== 302 || !location) throw new Error(`the upload answered ${upload.status}: ${(await upload.text()).slice(0, 300)}`);
    // Until the result page no longer shows the import running.
    for (;;) {
      const page = await admin.request(location);
      if (!page.body.includes('data-state="running"')) {
        if (!/data-testid="import-result"/.test(page.body)) throw new Error("the result page shows no import");
        break;
      }
      await pause(250);
    }
    const total = performance.now() - started;
    done = true;
    await listing;
    const line =
      `${ENTRIES} credits: upload answered in ${(answered / 1000).toFixed(1)} s, import done in ${(total / 1000).toFixed(1)} s; ` +
      `${answers.length} listing requests meanwhile, median ${median(answers).toFixed(0)} ms, slowest ${Math.max(...answers).toFixed(0)} ms`;
    console.log(line);
  } finally {
    await stopServer(server);
    removeDataDir(dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
