import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_CLIENT_NAMESPACES, SHELL, type MessageScope } from "~/i18n/namespaces";

/*
 * A page carries only the interface texts its routes send: the root the shell's namespaces, each
 * route (and layout) the scopes in its `handle.i18n` (routeMessages): whole namespaces or parts of
 * one. A text no matched route sent would show as its bare key. This checks, for every route, that
 * every text its code can show — in the route module and every browser module it imports, directly
 * or not; a key built at run time (`checkout.payment.${method}`) by its fixed part — is sent by the
 * route, one of its layouts or the root.
 */

const app = path.resolve(__dirname, "../../app");
const routesDir = path.join(app, "routes");
const localesDir = path.join(app, "locales/de");
const SERVER_ONLY = ["pages", "email", "mail"];

const namespaces = readdirSync(localesDir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""));
const clientNamespaces = namespaces.filter((ns) => !SERVER_ONLY.includes(ns));
const keyPattern = new RegExp(`["'\`]((?:${clientNamespaces.join("|")})\\.[A-Za-z0-9_.]*)`, "g");

/** Whether a sent scope covers a used key (or a key's fixed beginning): equal, or an ancestor of it. */
function covers(scope: string, key: string): boolean {
  return key === scope || key.startsWith(`${scope}.`) || key.startsWith(`${scope}_`);
}

function resolveModule(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(app, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return undefined;
}

/** The keys a module and the browser modules it imports (not *.server.*) use, with where. */
function keysUsedBy(entry: string): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // The scopes' own declarations (PRODUCT_CARD_TEXTS…) name texts, they do not show them.
    if (file === path.join(app, "i18n/namespaces.ts")) continue;
    const source = readFileSync(file, "utf8");
    // Keys in comments are examples, not texts shown.
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const match of code.matchAll(keyPattern)) {
      const key = match[1]!.replace(/\.+$/, "");
      if (!used.has(key)) used.set(key, path.relative(app, file));
    }
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const target = resolveModule(file, match[1]!);
      if (target && !/\.server\.tsx?$/.test(target) && !/\/server\//.test(target)) queue.push(target);
    }
  }
  return used;
}

const routeFiles = readdirSync(routesDir).filter((file) => /\.tsx?$/.test(file) && !/\.server\.|\.test\.|^__/.test(file));
const routeIds = new Set(routeFiles.map((file) => file.replace(/\.tsx?$/, "")));

/** The layout routes a flat route is nested in (Remix flat routes: a dotted prefix that is a route). */
function parentsOf(id: string): string[] {
  const segments = id.split(/\.(?![^[]*\])/);
  const parents: string[] = [];
  for (let length = segments.length - 1; length > 0; length--) {
    const prefix = segments.slice(0, length).join(".");
    if (routeIds.has(prefix)) parents.push(prefix);
  }
  return parents;
}

async function declared(id: string): Promise<readonly MessageScope[]> {
  const module = (await import(/* @vite-ignore */ path.join(routesDir, routeFiles.find((file) => file.replace(/\.tsx?$/, "") === id)!))) as {
    handle?: { i18n?: readonly MessageScope[]; adminI18n?: readonly MessageScope[] };
  };
  return [...(module.handle?.i18n ?? []), ...(module.handle?.adminI18n ?? [])];
}

describe("interface texts per route", () => {
  it("ALL_CLIENT_NAMESPACES names every catalogue the browser may get", () => {
    expect([...ALL_CLIENT_NAMESPACES].sort()).toEqual([...clientNamespaces].sort());
  });

  it("the shell's namespaces cover the document, header, footer, toasts and error pages (root.tsx)", () => {
    const used = keysUsedBy(path.join(app, "root.tsx"));
    const missing = [...used].filter(([key]) => !SHELL.i18n.some((scope) => covers(scope, key))).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it("every route sends (or has sent by a layout or the root) each namespace its page uses", async () => {
    const problems: string[] = [];
    for (const file of routeFiles) {
      const id = file.replace(/\.tsx?$/, "");
      // A resource or action-only route renders no page (its texts are translated on the server).
      if (!/export default function/.test(readFileSync(path.join(routesDir, file), "utf8"))) continue;
      const sent: string[] = [...SHELL.i18n];
      for (const owner of [id, ...parentsOf(id)]) sent.push(...(await declared(owner)));
      for (const [key, where] of keysUsedBy(path.join(routesDir, file))) {
        if (!sent.some((scope) => covers(scope, key))) problems.push(`${id}: "${key}" (used in ${where})`);
      }
      const own = await declared(id);
      const source = readFileSync(path.join(routesDir, file), "utf8");
      // Sent by routeMessages, here or in the helper the loader hands its handle to.
      if (own.length > 0 && !/routeMessages\(|\(.*\bhandle\b.*\)/.test(source)) {
        problems.push(`${id}: declares handle.i18n but its loader does not send routeMessages`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
