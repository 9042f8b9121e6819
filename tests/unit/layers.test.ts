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
 * `useRouteLoaderData("root")` returns, not code. The app's own files at its top (entry.server.tsx,
 * entry.client.tsx, server-runtime.server.ts, load-context.ts) sit above routes.
 * db/ knows no HTTP: it throws a plain DatabaseUnavailableError, and the 503 a request answers then
 * is made where requests are handled (services/outage.server.ts, applied by the server entry).
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

/**
 * Every static import and re-export of a module (`import type` and `export … from` included). A
 * relative path into app/ is named as the `~/…` path it is (`../forms` in components/admin/ is
 * `~/components/forms`), so that no import slips past a rule by being written relative.
 */
function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8");
  const found: Import[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) {
    const clause = match[3] ?? "";
    const names = [...clause.matchAll(/(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)].map((m) => m[1]!);
    const allTypes = /^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}]/g, "").split(",").every((part) => part.trim() === "" || /^type\s/.test(part.trim()));
    found.push({ from: withinApp(file, match[4]!), typeOnly: Boolean(match[2]) || allTypes, names });
  }
  return found;
}

/** A relative import that stays inside app/, as its `~/…` path; anything else as written. */
function withinApp(file: string, spec: string): string {
  if (!spec.startsWith(".")) return spec;
  const target = path.resolve(path.dirname(file), spec);
  const inApp = path.relative(app, target);
  return inApp.startsWith("..") || path.isAbsolute(inApp) ? spec : `~/${inApp.split(path.sep).join("/")}`;
}

const relative = (file: string) => path.relative(app, file);
const layerOf = (spec: string) => /^~\/([^/]+)\//.exec(spec)?.[1] ?? null;

/**
 * The layers of docs/CONVENTIONS.md from the bottom up, each a list of app/ folders: a folder's
 * files import only from its own layer and those below it (the exceptions are the rules below).
 * The page cache sits beside Remix: it reaches the app as the request context does (services).
 * "top" is the app's own files at app/ (entries, the server runtime, the load context), above routes.
 */
const LAYERS: string[][] = [
  ["utils", "i18n", "data", "assets"],
  ["db"],
  ["models"],
  ["auth"],
  ["services", "page-cache"],
  ["components"],
  ["routes"],
  ["top"],
];
const rankOf = (layer: string) => LAYERS.findIndex((folders) => folders.includes(layer));
/** A file's layer: its folder under app/, "routes" for root.tsx, "top" for the other files at app/. */
const layerOfFile = (file: string) => {
  const [first, ...rest] = relative(file).split(path.sep);
  if (rest.length > 0) return first!;
  return first === "root.tsx" ? "routes" : "top";
};
/** An imported module's layer ("routes" for `~/root`, "top" for the other files at app/), or null outside app/. */
const layerOfImport = (spec: string) => {
  if (!spec.startsWith("~/")) return null;
  if (spec === "~/root") return "routes";
  return layerOf(spec) ?? "top";
};

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

  it("every folder of app/ with code is one of the layers", () => {
    const folders = readdirSync(app).filter((name) => statSync(path.join(app, name)).isDirectory() && filesUnder(path.join(app, name)).length > 0);
    expect(folders.length).toBeGreaterThan(8);
    expect(folders.filter((folder) => rankOf(folder) < 0)).toEqual([]);
  });

  it("every layer imports only from its own layer and those below it (the root loader's type and the exceptions above aside)", () => {
    const exempt = (imp: Import, layer: string) =>
      (imp.from === "~/root" && imp.typeOnly) ||
      // services may take a form's browser-safe schema or types from components
      (layer === "services" && layerOfImport(imp.from) === "components" && (imp.typeOnly || /\.schema$/.test(imp.from)));
    const found = filesUnder(app).flatMap((file) => {
      const layer = layerOfFile(file);
      return importsOf(file)
        .filter((imp) => {
          const to = layerOfImport(imp.from);
          return to !== null && rankOf(to) > rankOf(layer) && !exempt(imp, layer);
        })
        .map((imp) => `${relative(file)} (${layer}) imports ${imp.from} (${layerOfImport(imp.from)})`);
    });
    expect(found).toEqual([]);
  });

  it("the rule above sees an import that breaks the layers", () => {
    const wrong = { from: "~/services/outage.server", typeOnly: false, names: ["outageAnswer"] };
    expect(rankOf(layerOfImport(wrong.from)!)).toBeGreaterThan(rankOf(layerOfFile(path.join(app, "db/database.server.ts"))));
    expect(withinApp(path.join(app, "db/database.server.ts"), "../services/outage.server")).toBe(wrong.from);
    expect(layerOfFile(path.join(app, "root.tsx"))).toBe("routes");
    expect(layerOfFile(path.join(app, "entry.server.tsx"))).toBe("top");
  });

  it("db/ knows no HTTP: it makes no Response and takes nothing from Remix (the outage's 503 is made in services/outage.server.ts)", () => {
    const files = filesUnder(path.join(app, "db"));
    expect(files.length).toBeGreaterThan(3);
    const found = files.flatMap((file) => {
      const source = readFileSync(file, "utf8");
      return [
        ...(/\bnew\s+Response\s*\(|\bResponse\s*\.\s*(?:json|redirect|error)\s*\(/.test(source) ? [`${relative(file)} makes a Response`] : []),
        ...importsOf(file)
          .filter((imp) => /^@remix-run\//.test(imp.from))
          .map((imp) => `${relative(file)} imports ${imp.names.join(", ")} from ${imp.from}`),
      ];
    });
    expect(found).toEqual([]);
  });
});
