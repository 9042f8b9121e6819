import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const isProduction = process.env.NODE_ENV === "production";

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || "./data");
}

/** The embedded demo (PGlite) runs when no DATABASE_URL is given. */
export function isEmbedded(): boolean {
  return !process.env.DATABASE_URL;
}

export function siteUrl(request?: Request): string {
  const configured = process.env.SITE_URL?.replace(/\/+$/, "");
  if (configured) return configured;
  if (request) return new URL(request.url).origin;
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

let cachedSecrets: string[] | undefined;

/**
 * SESSION_SECRET (comma-separated to rotate: the first signs, all verify). A production server
 * on a real database refuses to start without it; the embedded demo creates one once and keeps
 * it in DATA_DIR so sessions survive restarts.
 */
export function sessionSecrets(): string[] {
  if (cachedSecrets) return cachedSecrets;
  const configured = process.env.SESSION_SECRET?.split(",").map((s) => s.trim()).filter(Boolean);
  if (configured && configured.length > 0) return (cachedSecrets = configured);
  if (isProduction && !isEmbedded()) {
    throw new Error("SESSION_SECRET must be set in production (see .env.example).");
  }
  const file = path.join(dataDir(), "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return (cachedSecrets = [readFileSync(file, "utf8").trim()]);
}
