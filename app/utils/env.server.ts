import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/*
 * Every setting of .env.example, in one Zod schema, parsed once (and again only when the
 * environment changes, which only tests do). The server entry parses it before anything else
 * starts: an invalid value, or a required one missing in production, stops it with a message
 * naming each variable. Other modules read their settings from env(), never from process.env.
 * No "~/" imports here: the server entry (server/, bundled on its own) imports this file too.
 */

export type RawEnv = Record<string, string | undefined>;

/** An unset or blank variable is "not given": its default applies. */
const given = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

function setting<T, F extends T | undefined>(name: string, fallback: F, parse: (raw: string) => T | undefined, expected: string) {
  return z.preprocess(given, z.string().optional()).transform((raw, ctx): T | F => {
    if (raw === undefined) return fallback;
    const value = parse(raw);
    if (value === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${name} must be ${expected}, not "${raw}".` });
      return z.NEVER;
    }
    return value;
  });
}

const wholeNumber = <F extends number | undefined>(name: string, fallback: F, min: number, max = Number.MAX_SAFE_INTEGER) =>
  setting<number, F>(name, fallback, (raw) => (/^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined), max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`);

const flag = (name: string) => setting<boolean, boolean>(name, false, (raw) => (raw === "true" ? true : raw === "false" ? false : undefined), `"true" or "false"`);

const choice = <T extends string>(name: string, values: readonly T[], fallback: T, expected: string) =>
  setting<T, T>(name, fallback, (raw) => values.find((value) => value === raw.toLowerCase()), expected);

const url = (name: string, protocols: readonly string[]) =>
  setting<string, undefined>(name, undefined, (raw) => {
    try {
      return protocols.includes(new URL(raw).protocol) ? raw : undefined;
    } catch {
      return undefined;
    }
  }, `a ${protocols.map((p) => p.replace(":", "://")).join(" or ")} URL`);

const text = (name: string) => setting<string, undefined>(name, undefined, (raw) => raw, "text");
const textOr = (name: string, fallback: string) => setting<string, string>(name, fallback, (raw) => raw, "text");

const envSchema = z
  .object({
    NODE_ENV: text("NODE_ENV"),
    PORT: wholeNumber("PORT", 3000, 1, 65535),
    HOST: text("HOST"),
    LOG_FORMAT: choice("LOG_FORMAT", ["text", "json"] as const, "text", `"text" or "json"`),
    DATA_DIR: textOr("DATA_DIR", "./data"),
    DATABASE_URL: url("DATABASE_URL", ["postgres:", "postgresql:"]),
    DATABASE_POOL_SIZE: wholeNumber("DATABASE_POOL_SIZE", 10, 1),
    DATABASE_PREPARE: flag("DATABASE_PREPARE"),
    SEED_DEMO_DATA: flag("SEED_DEMO_DATA"),
    SESSION_SECRET: text("SESSION_SECRET"),
    SITE_URL: setting<string, undefined>("SITE_URL", undefined, (raw) => {
      const origin = raw.replace(/\/+$/, "");
      return /^https?:\/\/[^/?#\s]+$/.test(origin) ? origin : undefined;
    }, "the shop's origin, like https://shop.example"),
    COOKIE_SECURE: choice("COOKIE_SECURE", ["auto", "always"] as const, "auto", `"auto" (Secure when the request came over HTTPS) or "always" (see .env.example)`),
    ADMIN_EMAILS: setting<string[], string[]>("ADMIN_EMAILS", [], (raw) => {
      const emails = raw.split(",").map((email) => email.trim().toLowerCase()).filter(Boolean);
      return emails.every((email) => /^[^\s@,]+@[^\s@,]+$/.test(email)) ? emails : undefined;
    }, "comma-separated e-mail addresses"),
    AUTH_PROVIDER: choice("AUTH_PROVIDER", ["local", "supabase"] as const, "local", `"local" or "supabase"`),
    SUPABASE_URL: url("SUPABASE_URL", ["https:", "http:"]),
    SUPABASE_ANON_KEY: text("SUPABASE_ANON_KEY"),
    SUPABASE_SERVICE_ROLE_KEY: text("SUPABASE_SERVICE_ROLE_KEY"),
    SUPABASE_STORAGE_BUCKET: text("SUPABASE_STORAGE_BUCKET"),
    // Product photos processed at once per server process (app/utils/image-processing.server.ts).
    IMAGE_PROCESSING_CONCURRENCY: wholeNumber("IMAGE_PROCESSING_CONCURRENCY", 1, 1, 16),
    GEOIP_LOOKUP_URL: url("GEOIP_LOOKUP_URL", ["https:", "http:"]),
    SMTP_URL: url("SMTP_URL", ["smtp:", "smtps:"]),
    // A From with a line break would be a header injection through configuration.
    MAIL_FROM: setting<string, string>("MAIL_FROM", "OfficeHaus <shop@officehaus.example>", (raw) => (/[\r\n]/.test(raw) ? undefined : raw), "one line"),
    SHUTDOWN_GRACE_MS: wholeNumber("SHUTDOWN_GRACE_MS", 10_000, 0),
    READY_TIMEOUT_MS: wholeNumber("READY_TIMEOUT_MS", 2_000, 1),
    DATABASE_CONNECT_TIMEOUT: wholeNumber("DATABASE_CONNECT_TIMEOUT", 3, 1),
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber("DATABASE_STATEMENT_TIMEOUT_MS", 10_000, 0),
    DATABASE_QUERY_TIMEOUT_MS: wholeNumber("DATABASE_QUERY_TIMEOUT_MS", undefined, 1),
    TRUST_PROXY: flag("TRUST_PROXY"),
    PAGE_CACHE_TTL: wholeNumber("PAGE_CACHE_TTL", 60, 0),
    PAGE_CACHE_MAX_MB: wholeNumber("PAGE_CACHE_MAX_MB", 64, 0),
    PAGE_CACHE: choice("PAGE_CACHE", ["on", "off"] as const, "on", `"on" or "off"`),
    // Server processes; only with DATABASE_URL (server/config.ts), default: the number of cores.
    WEB_CONCURRENCY: wholeNumber("WEB_CONCURRENCY", undefined, 1),
    SHOP_TIME_ZONE: setting<string, string>("SHOP_TIME_ZONE", "Europe/Berlin", (raw) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: raw });
        return raw;
      } catch {
        return undefined;
      }
    }, "a time zone Intl knows, like Europe/Berlin"),
    // Orders per hour from one client address and to one e-mail address (guests and accounts whose
    // address is not confirmed): a stranger cannot empty the stock or fill someone's inbox.
    CHECKOUT_ORDERS_PER_ADDRESS: wholeNumber("CHECKOUT_ORDERS_PER_ADDRESS", 20, 1),
    CHECKOUT_ORDERS_PER_EMAIL: wholeNumber("CHECKOUT_ORDERS_PER_EMAIL", 5, 1),
    SHOP_IBAN: setting<string, undefined>("SHOP_IBAN", undefined, (raw) => (/^[A-Z]{2}\d{2}[A-Z0-9 ]{10,40}$/i.test(raw) ? raw.toUpperCase() : undefined), "an IBAN"),
    SHOP_BIC: text("SHOP_BIC"),
    SHOP_BANK_NAME: text("SHOP_BANK_NAME"),
    // A Swiss QR-IBAN (institution id 30000–31999): CHF QR-bills name it with a QR reference (app/services/payment-codes.server.ts).
    SHOP_QR_IBAN: setting<string, undefined>("SHOP_QR_IBAN", undefined, (raw) => { const iban = raw.replace(/\s+/g, "").toUpperCase(); return /^(CH|LI)\d{2}3[01]\d{3}[0-9A-Z]{12}$/.test(iban) && BigInt((iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n ? iban : undefined; }, "a Swiss QR-IBAN (CH or LI, 21 characters, institution id 30000–31999, valid check digits)"),
    // Unpaid bank transfers: one reminder after this many days, cancelled after that many (app/services/payment-jobs.server.ts).
    PAYMENT_REMINDER_DAYS: wholeNumber("PAYMENT_REMINDER_DAYS", 7, 1, 365),
    PAYMENT_CANCEL_DAYS: wholeNumber("PAYMENT_CANCEL_DAYS", 14, 1, 365),
    // Backups of the embedded database and uploads (app/services/backup.server.ts); BACKUP_DIR default DATA_DIR/backups.
    BACKUP_DIR: text("BACKUP_DIR"),
    BACKUP_INTERVAL_HOURS: setting<number, number>("BACKUP_INTERVAL_HOURS", 24, (raw) => (/^\d+(\.\d+)?$/.test(raw) && Number(raw) <= 8760 ? Number(raw) : undefined), "a number of hours from 0 (off) to 8760, like 24 or 0.5"),
    BACKUP_KEEP: wholeNumber("BACKUP_KEEP", 7, 1),
    // /metrics (Prometheus) answers only with this as a bearer token; unset: 404.
    METRICS_TOKEN: text("METRICS_TOKEN"),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_CANCEL_DAYS <= env.PAYMENT_REMINDER_DAYS) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "PAYMENT_CANCEL_DAYS must be more than PAYMENT_REMINDER_DAYS (the reminder comes first)." });
    // A production server on a real database has no safe default for these.
    if (env.NODE_ENV !== "production" || !env.DATABASE_URL) return;
    if (!env.SITE_URL) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "SITE_URL must be set in production (links in e-mails use it; see .env.example)." });
    if (!env.SESSION_SECRET) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "SESSION_SECRET must be set in production (see .env.example)." });
    // Bank transfer is always offered (models/checkout-options): its account has no safe default.
    if (!env.SHOP_IBAN) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "SHOP_IBAN must be set in production while bank transfer is offered (see .env.example)." });
  });

export type Env = z.output<typeof envSchema>;

/** The settings the schema knows (the variables of .env.example). */
export const ENV_NAMES = Object.keys(envSchema.innerType().shape) as Array<keyof Env>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0] : `Invalid configuration:\n  ${problems.join("\n  ")}`);
    this.name = "EnvError";
  }
}

/** The settings of `source`, or an EnvError naming every variable that is wrong or missing. */
export function parseEnv(source: RawEnv = process.env): Env {
  const result = envSchema.safeParse(Object.fromEntries(ENV_NAMES.map((name) => [name, source[name]])));
  if (!result.success) throw new EnvError(result.error.issues.map((issue) => issue.message));
  return result.data;
}

export const isProduction = process.env.NODE_ENV === "production";

/**
 * A reader of `source`'s settings, parsing them once. `watch`: read them again whenever one of
 * them changed (tests stub the environment between calls); each call then reads every variable,
 * which costs about a microsecond each (process.env is no plain object): a server, whose
 * environment does not change while it runs, does not watch.
 */
export function envReader(source: RawEnv, watch: boolean): () => Env {
  let memo: { snapshot: string; env: Env } | undefined;
  return () => {
    // Not watching, the snapshot is always '': parsed once (again only after a failed parse).
    const snapshot = watch ? ENV_NAMES.map((name) => source[name] ?? "\u0000").join("\u0001") : "";
    if (memo?.snapshot !== snapshot) memo = { snapshot, env: parseEnv(source) };
    return memo.env;
  };
}

/** The process's settings: parsed once by the production server, again after each change elsewhere (tests, development). */
export const env: () => Env = envReader(process.env, !isProduction || Boolean(process.env.VITEST));

export function dataDir(): string {
  return path.resolve(env().DATA_DIR ?? "./data");
}

/** The embedded demo (PGlite) runs when no DATABASE_URL is given. */
export function isEmbedded(): boolean {
  return !env().DATABASE_URL;
}

/**
 * The shop's public address (SITE_URL) for links in e-mails, canonical links and the sitemap:
 * never taken from the request's Host, which the client chooses. A production server on a real
 * database refuses to start without it; the embedded demo defaults to http://localhost:PORT.
 */
export function siteUrl(): string {
  const settings = env();
  return settings.SITE_URL ?? `http://localhost:${settings.PORT}`;
}

/**
 * Called once when the server build is loaded (and by the server entry before it listens): a
 * setting that is missing or wrong stops the server at start, with a message naming it, instead of
 * failing the first request that needs it.
 */
export function checkServerConfig(): void {
  env();
  sessionSecrets();
}

let cachedSecrets: { source: string; secrets: string[] } | undefined;

/**
 * SESSION_SECRET (comma-separated to rotate: the first signs, all verify). A production server
 * on a real database refuses to start without it; the embedded demo creates one once and keeps
 * it in DATA_DIR so sessions survive restarts.
 */
export function sessionSecrets(): string[] {
  const configured = env().SESSION_SECRET ?? "";
  if (cachedSecrets?.source === configured) return cachedSecrets.secrets;
  const list = configured.split(",").map((s) => s.trim()).filter(Boolean);
  if (list.length > 0) return (cachedSecrets = { source: configured, secrets: list }).secrets;
  const file = path.join(dataDir(), "session-secret");
  if (!existsSync(file)) {
    // A new data folder is the shop's alone (0700); the secret signs every session (0600, never
    // readable by another user, whatever the umask: "wx" makes it new, so the mode applies).
    mkdirSync(dataDir(), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  // One made by an older version, or by hand, may be readable by others: the owner's only.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return (cachedSecrets = { source: configured, secrets: [readFileSync(file, "utf8").trim()] }).secrets;
}
