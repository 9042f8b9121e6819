import type { Database } from "./database.server";

/** The SQL files of supabase/migrations, bundled into the server build, in file-name order. */
const files = import.meta.glob<string>("../../supabase/migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const migrations = Object.entries(files)
  .map(([file, sql]) => ({ version: file.split("/").pop()!.replace(/\.sql$/, ""), sql }))
  .sort((a, b) => a.version.localeCompare(b.version));

const LOCK_ID = 72_431_905;

/**
 * Applies every migration not yet recorded in public.schema_migrations. The whole run — creating
 * schema_migrations included — is one transaction under an advisory lock, so several servers
 * starting at once against one (even empty) database take turns: the first applies, the others
 * find everything recorded. A failing migration leaves the database as it was.
 */
export async function migrate(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    // PGlite is one process's own database: nobody to wait for.
    if (db.kind === "postgres") await tx.query("select pg_advisory_xact_lock($1)", [LOCK_ID]);
    await tx.exec(`create table if not exists public.schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
    const done = new Set(
      (await tx.query<{ version: string }>("select version from public.schema_migrations")).map((row) => row.version),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query("insert into public.schema_migrations (version) values ($1)", [migration.version]);
      applied.push(migration.version);
    }
    return applied;
  });
}
