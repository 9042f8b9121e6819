#!/usr/bin/env node
// `node scripts/complete-lockfile.cjs` after `npm install`: this registry does not serve some other
// platforms' optional binaries (tailwind oxide, rollup), so npm leaves them out of the lock file and
// `npm ci` then refuses it as out of sync. This adds their entries (version, os/cpu), never installed here.
const fs = require("fs");
const { execSync } = require("child_process");
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
let out = "";
try { execSync("npm ci --dry-run --ignore-scripts --no-audit --no-fund", { stdio: "pipe" }); } catch (e) { out = String(e.stderr) + String(e.stdout); }
const missing = [...out.matchAll(/Missing: (@?[^@\s]+)@/g)].map((m) => m[1]);
const pk = lock.packages;
function platform(name) {
  const n = name.split("/").pop();
  const os = ["android","darwin","freebsd","linux","win32","openbsd","openharmony","sunos","aix","netbsd"].find((o) => n.includes(o));
  const cpuMap = { arm64: "arm64", x64: "x64", ia32: "ia32", "arm-": "arm", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x", wasm32: "wasm32" };
  let cpu = Object.keys(cpuMap).find((c) => n.includes(c));
  if (!cpu && /arm-|arm$|gnueabihf|musleabihf/.test(n)) cpu = "arm-";
  const res = {};
  if (os) res.os = [os];
  if (cpu) res.cpu = [cpuMap[cpu]];
  if (/musl/.test(n)) res.libc = ["musl"]; else if (/gnu/.test(n)) res.libc = ["glibc"];
  return res;
}
for (const name of missing) {
  let version, dev = false, parentPath;
  for (const [p, v] of Object.entries(pk)) {
    const spec = v.optionalDependencies?.[name];
    if (spec) { version = spec.replace(/^[\^~=]/, ""); dev = !!v.dev; parentPath = p; break; }
  }
  if (!version) { console.error("no parent for", name); continue; }
  const key = `node_modules/${name}`;
  const plat = platform(name);
  if (name.includes("wasm32-wasi")) { plat.cpu = ["wasm32"]; delete plat.os; }
  pk[key] = { version, ...(dev ? { dev: true } : {}), optional: true, ...plat };
  console.log(key, version, JSON.stringify(plat), "from", parentPath);
}
const sorted = {};
for (const k of Object.keys(pk).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)))) sorted[k] = pk[k];
lock.packages = sorted;
fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
