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
 * Applies every migration not yet recorded in public.schema_migrations, each in its own
 * transaction. The advisory lock lets several servers start against one database safely.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`create table if not exists public.schema_migrations (
    version text primary key, applied_at timestamptz not null default now())`);
  const applied: string[] = [];
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      if (db.kind === "postgres") await tx.query("select pg_advisory_xact_lock($1)", [LOCK_ID]);
      const done = await tx.query("select 1 from public.schema_migrations where version = $1", [
        migration.version,
      ]);
      if (done.length > 0) return;
      await tx.exec(migration.sql);
      await tx.query("insert into public.schema_migrations (version) values ($1)", [migration.version]);
      applied.push(migration.version);
    });
  }
  return applied;
}
