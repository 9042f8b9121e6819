import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { wrapPglite } from "~/db/pglite.server";
import { openPostgres } from "~/db/postgres.server";
import { migrate } from "~/db/migrate.server";
import { seedDemoData } from "~/db/seed.server";

/*
 * Template databases, made once per test run (tests/setup/test-db.ts copies them for each test
 * file): a new PGlite spends most of its start in its own initdb, and the migrations and the demo
 * seed (password hashes included) cost more again, 10-20 s per file on the 2-core machine. A copy
 * of a migrated (and seeded) template takes about 2 s on PGlite (its data directory, loaded) and a
 * fraction of a second on Postgres (CREATE DATABASE … TEMPLATE).
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** Data-directory dumps of a migrated PGlite: bare, and with the demo data. */
    pgliteTemplates: { bare: string; seeded: string } | null;
    /** Template databases on TEST_DATABASE_URL's server: bare, and with the demo data. */
    postgresTemplates: { bare: string; seeded: string } | null;
  }
}

async function pgliteDump(seed: boolean): Promise<Blob> {
  const pg = new PGlite({ extensions: { pg_trgm, unaccent } });
  await pg.waitReady;
  const db = wrapPglite(pg);
  await migrate(db);
  if (seed) await seedDemoData(db, { accounts: true });
  await pg.exec("checkpoint");
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  return dump;
}

export default async function setup(project: TestProject) {
  // TEST_TEMPLATES=off: every test file migrates (and seeds) a database of its own, as before (to compare).
  if (process.env.TEST_TEMPLATES === "off") {
    project.provide("pgliteTemplates", null);
    project.provide("postgresTemplates", null);
    return;
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), "shop-test-templates-"));
  const [bare, seeded] = await Promise.all([pgliteDump(false), pgliteDump(true)]);
  const files = { bare: path.join(folder, "bare.tar"), seeded: path.join(folder, "seeded.tar") };
  writeFileSync(files.bare, Buffer.from(await bare.arrayBuffer()));
  writeFileSync(files.seeded, Buffer.from(await seeded.arrayBuffer()));
  project.provide("pgliteTemplates", files);

  const server = process.env.TEST_DATABASE_URL;
  let dropTemplates = async () => {};
  if (server) {
    const names = { bare: `shop_template_${process.pid}_bare`, seeded: `shop_template_${process.pid}_seeded` };
    const admin = await openPostgres(server, { max: 1 });
    for (const [kind, name] of Object.entries(names)) {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.exec(`create database ${name}`);
      const target = new URL(server);
      target.pathname = `/${name}`;
      const db = await openPostgres(target.toString(), { max: 2 });
      await migrate(db);
      if (kind === "seeded") await seedDemoData(db, { accounts: true });
      await db.close();
    }
    project.provide("postgresTemplates", names);
    dropTemplates = async () => {
      for (const name of Object.values(names)) await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  } else {
    project.provide("postgresTemplates", null);
  }

  return async () => {
    await dropTemplates();
    rmSync(folder, { recursive: true, force: true });
  };
}
