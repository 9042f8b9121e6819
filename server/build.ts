import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Bundles the server entry (server/index.ts) into BUILD_DIR/server/main.js, next to the Remix
 * server build it loads at run time. Runs at the end of `remix vite:build` (vite.config.ts,
 * buildEnd), so every build has its server. npm packages stay external (node_modules).
 */
export async function buildServerEntry(buildDirectory: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      ssr: path.join(root, "server/index.ts"),
      outDir: path.join(path.resolve(root, buildDirectory), "server"),
      emptyOutDir: false,
      target: "node20",
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: "main.js", format: "es" } },
    },
  });
}
