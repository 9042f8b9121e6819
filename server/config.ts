import os from "node:os";
import { parseEnv, type Env, type RawEnv } from "../app/utils/env.server";

/** The server entry's settings, from environment variables (see .env.example). */
export interface ServerConfig {
  port: number;
  /** Interface to listen on; unset: every interface (as remix-serve does). */
  host: string | undefined;
  /** Trust X-Forwarded-For / -Proto / -Host from a reverse proxy in front (TRUST_PROXY=true). */
  trustProxy: boolean;
  logFormat: "text" | "json";
  /** How long requests in flight may take to finish after SIGTERM. */
  shutdownGraceMs: number;
  /** /readyz gives the database this long to answer `select 1`. */
  readyTimeoutMs: number;
  /** Form posts (application/x-www-form-urlencoded), in bytes. */
  formBodyLimit: number;
  /**
   * Server processes (WEB_CONCURRENCY; default: the number of cores). Only with DATABASE_URL: the
   * embedded database is one process's own, so there it is always 1.
   */
  webConcurrency: number;
  /** WEB_CONCURRENCY was asked for but cannot be had (the embedded database): said in the log. */
  webConcurrencyIgnored: boolean;
}

function webConcurrency(env: Env): Pick<ServerConfig, "webConcurrency" | "webConcurrencyIgnored"> {
  const asked = env.WEB_CONCURRENCY ?? os.availableParallelism();
  if (env.DATABASE_URL) return { webConcurrency: asked, webConcurrencyIgnored: false };
  return { webConcurrency: 1, webConcurrencyIgnored: asked > 1 && env.WEB_CONCURRENCY !== undefined };
}

/**
 * The server entry's settings, from the one typed environment (app/utils/env.server.ts): every
 * setting of .env.example is checked here, at start, so a wrong one stops the server naming it.
 */
export function readConfig(source: RawEnv = process.env): ServerConfig {
  const env = parseEnv(source);
  return {
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    logFormat: env.LOG_FORMAT,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    readyTimeoutMs: env.READY_TIMEOUT_MS,
    formBodyLimit: 1024 * 1024,
    ...webConcurrency(env),
  };
}
