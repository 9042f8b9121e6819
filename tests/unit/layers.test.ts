import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The layers of docs/CONVENTIONS.md, held by their imports. From the bottom up:
 *   utils, i18n, data → db → models → auth → services → components → routes (and root.tsx)
 * The shared page cache (app/page-cache/) sits beside Remix, in front of it: only the server entry
 * (server-runtime.server.ts, handed over by entry.server.tsx) uses it, and it reaches pages only through the request context.
 * A layer imports only from the layers below it (components may take types and browser-safe
 * modules from models; services may take a form's browser-safe schema or types from components).
 * The root loader's type (`import type { loader } from "~/root"`) may be named anywhere: it is what
 * `useRouteLoaderData("root")` returns, not code.
 */
const app = path.resolve(__dirname, "../../app");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

interface Import {
  from: string;
  typeOnly: boolean;
  names: string[];
}

/** Every static import and re-export of a module (`import type` and `export … from` included). */
function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8");
  const found: Import[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) {
    const clause = match[3] ?? "";
    const names = [...clause.matchAll(/(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)].map((m) => m[1]!);
    const allTypes = /^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}]/g, "").split(",").every((part) => part.trim() === "" || /^type\s/.test(part.trim()));
    found.push({ from: match[4]!, typeOnly: Boolean(match[2]) || allTypes, names });
  }
  return found;
}

const relative = (file: string) => path.relative(app, file);
const layerOf = (spec: string) => /^~\/([^/]+)\//.exec(spec)?.[1] ?? null;

function violations(dir: string, allowed: (imp: Import, file: string) => boolean): string[] {
  return filesUnder(path.join(app, dir)).flatMap((file) =>
    importsOf(file)
      .filter((imp) => imp.from.startsWith("~/") && !(imp.from === "~/root" && imp.typeOnly) && !allowed(imp, file))
      .map((imp) => `${relative(file)} imports ${imp.from}`),
  );
}

describe("layers", () => {
  it("finds imports the way the layers are written", () => {
    const imports = importsOf(path.join(app, "routes/cart.tsx"));
    expect(imports.map((imp) => imp.from)).toContain("~/services/request-context.server");
    expect(imports.find((imp) => imp.from === "@remix-run/node" && imp.typeOnly)).toBeTruthy();
  });

  it("utils/ and i18n/ import nothing from db, models, auth, services, components or routes", () => {
    const low = new Set(["utils", "i18n", "data", "assets"]);
    expect([...violations("utils", (imp) => low.has(layerOf(imp.from)!)), ...violations("i18n", (imp) => low.has(layerOf(imp.from)!))]).toEqual([]);
  });

  it("db/ imports only utils, i18n and data", () => {
    const allowed = new Set(["utils", "i18n", "data", "db"]);
    expect(violations("db", (imp) => allowed.has(layerOf(imp.from)!))).toEqual([]);
  });

  it("models/ import nothing from auth, services, components or routes", () => {
    const allowed = new Set(["utils", "i18n", "data", "db", "models"]);
    expect(violations("models", (imp) => allowed.has(layerOf(imp.from)!))).toEqual([]);
  });

  it("auth/ imports nothing from services, components or routes", () => {
    const allowed = new Set(["utils", "i18n", "data", "db", "models", "auth"]);
    expect(violations("auth", (imp) => allowed.has(layerOf(imp.from)!))).toEqual([]);
  });

  it("services/ import nothing from routes, and from components only types and browser-safe schemas", () => {
    const allowed = new Set(["utils", "i18n", "data", "db", "models", "auth", "services"]);
    const fromComponents = (imp: Import) => layerOf(imp.from) === "components" && (imp.typeOnly || /\.schema$/.test(imp.from));
    expect(violations("services", (imp) => allowed.has(layerOf(imp.from)!) || fromComponents(imp))).toEqual([]);
  });

  it("components/ import nothing from routes, services, db or auth's server code, and only types from server modules", () => {
    const allowed = new Set(["utils", "i18n", "data", "models", "components", "assets", "auth"]);
    expect(
      violations("components", (imp) => allowed.has(layerOf(imp.from)!) && (!/\.server$/.test(imp.from) || imp.typeOnly)),
    ).toEqual([]);
  });

  it("only the server entry uses the page cache", () => {
    const users = filesUnder(app)
      .filter((file) => !file.startsWith(path.join(app, "page-cache")))
      .filter((file) => importsOf(file).some((imp) => imp.from.startsWith("~/page-cache/") && !imp.typeOnly))
      .map(relative);
    expect(users).toEqual(["server-runtime.server.ts"]);
  });

  it("routes ask the request context who is asking: none reads the language, preferences, cookies, user or cart session itself", () => {
    const forbidden = ["~/i18n/i18n.server", "~/utils/preferences.server", "~/utils/cookies.server"];
    const forbiddenNames: Record<string, string[]> = {
      "~/auth/user.server": ["getUser", "getUserId", "getAuthState"],
      "~/auth/cart-session.server": ["readCartSessionId"],
    };
    const files = [...filesUnder(path.join(app, "routes")), path.join(app, "root.tsx")];
    expect(files.length).toBeGreaterThan(60);
    const found = files.flatMap((file) =>
      importsOf(file)
        .filter((imp) => forbidden.includes(imp.from) || imp.names.some((name) => forbiddenNames[imp.from]?.includes(name)))
        .map((imp) => `${relative(file)} imports ${imp.names.join(", ")} from ${imp.from}`),
    );
    expect(found).toEqual([]);
  });
});
