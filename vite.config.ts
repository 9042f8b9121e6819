import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildServerEntry } from "./server/build";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Remix ignores remix.config.js under Vite: these plugin options are the Remix configuration.
export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      // BUILD_DIR lets several builds live side by side (tests, benchmarks); default "build".
      buildDirectory: process.env.BUILD_DIR ?? "build",
      ignoredRouteFiles: ["**/*.server.*", "**/*.test.*", "**/__*"],
      // The production server (server/index.ts → BUILD_DIR/server/main.js) is built with the app.
      buildEnd: ({ remixConfig }) => buildServerEntry(remixConfig.buildDirectory),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // modulePreload off: our two lazy imports (the offers editor, the search suggestions) then carry no
  // list of chunks to preload in every browsing page's first load (Remix preloads route modules itself).
  build: { target: "es2022", modulePreload: false },
  server: { port: Number(process.env.PORT ?? 3000) },
});
