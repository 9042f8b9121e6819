import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** A command's refusal: its message says all there is to do (printed without a stack). */
export class Refusal extends Error {}

/**
 * The serverRuntime (app/server-runtime.server.ts) of the production build in BUILD_DIR (default
 * ./build; `npm run build` makes it), for the commands that run the app's own code (npm run
 * payments, npm run images): a .mjs script cannot import the TypeScript app, and through the build
 * it runs the very code the server runs, with the production dependencies only. `needs` names the
 * function the command calls and `what` what that does: a build without it is older than the command.
 */
export async function loadServerRuntime(needs, what) {
  process.env.NODE_ENV ??= "production";
  const serverBuild = path.resolve(process.env.BUILD_DIR || "build", "server", "index.js");
  if (!existsSync(serverBuild)) throw new Refusal(`There is no production build at ${serverBuild}: run npm run build first.`);
  const build = await import(pathToFileURL(serverBuild).href);
  const runtime = build.entry?.module?.serverRuntime;
  if (typeof runtime?.[needs] !== "function") throw new Refusal(`The build at ${serverBuild} is older than ${what}: run npm run build again.`);
  return runtime;
}
