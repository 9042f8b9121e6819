// The bench's baseline: a bare Remix 2.17 + React 18 app (one page, a 24-item loader), built with
// the same Remix and Vite as the shop and served by remix-serve. `npm run bench` builds and starts
// it beside the shop, so every figure can be read as a ratio to it, measured in the same run.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  logLevel: "warn",
  publicDir: false,
  plugins: [
    remix({
      appDirectory: path.join(here, "app"),
      buildDirectory: process.env.BENCH_BARE_BUILD_DIR ?? path.join(here, "../../build-bench-bare"),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
