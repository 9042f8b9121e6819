import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "~/db/postgres.server";
import { migrate, migrations } from "~/db/migrate.server";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createProduct } from "../factories";

const dir = path.resolve(__dirname, "../../supabase/migrations");
const files = readdirSync(dir).filter((file) => file.endsWith(".sql")).sort();
const sql = files.map((file) => readFileSync(path.join(dir, file), "utf8")).join("\n").replace(/--.*$/gm, "");

/** "schema.name" for every table and index the migration files create (public when unqualified). */
function created(kind: "table" | "index"): string[] {
  const pattern =
    kind === "table"
      ? /create\s+table\s+(?:if\s+not\s+exists\s+)?([\w."]+)/gi
      : /create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?([\w"]+)\s+on\s+(?:only\s+)?([\w."]+)/gi;
  const names = new Set<string>();
  for (const match of sql.matchAll(pattern)) {
    if (kind === "table") {
      const name = match[1]!.replace(/"/g, "");
      names.add(name.includes(".") ? name : `public.${name}`);
    } else {
      const table = match[2]!.replace(/"/g, "");
      const schema = table.includes(".") ? table.split(".")[0] : "public";
      names.add(`${schema}.${match[1]!.replace(/"/g, "")}`);
    }
  }
  // An index a later migration drops (replaced by a better one) is not expected.
  if (kind === "index") {
    for (const match of sql.matchAll(/drop\s+index\s+(?:if\s+exists\s+)?([\w."]+)/gi)) {
      const name = match[1]!.replace(/"/g, "");
      names.delete(name.includes(".") ? name : `public.${name}`);
    }
  }
  return [...names].sort();
}

async function schemaSnapshot(db: TestDatabase["db"]) {
  const tables = await db.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'i') and n.nspname in ('public', 'auth') order by 1`,
  );
  const columns = await db.query<{ name: string }>(
    `select table_schema || '.' || table_name || '.' || column_name || ':' || data_type as name
     from information_schema.columns where table_schema in ('public', 'auth') order by 1`,
  );
  return { tables: tables.map((r) => r.name), columns: columns.map((r) => r.name) };
}

describe.each(testDbKinds)("migrations on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
  });
  afterAll(async () => {
    await test?.close();
  });

  it("bundles every file of supabase/migrations, in name order", () => {
    expect(migrations.map((m) => m.version)).toEqual(files.map((file) => file.replace(/\.sql$/, "")));
  });

  // Row level security matters where Supabase's API looks: the public schema (auth.users only
  // exists here when there is no Supabase auth schema).
  it("creates every table the migrations declare, with row level security on in public", async () => {
    const tables = created("table");
    expect(tables).toEqual(expect.arrayContaining(["public.products", "auth.users"]));
    const rows = await test.db.query<{ name: string; rls: boolean }>(
      `select n.nspname || '.' || c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p')`,
    );
    const byName = new Map(rows.map((r) => [r.name, r.rls]));
    for (const table of tables) {
      expect(byName.has(table), `${table} exists`).toBe(true);
      if (table.startsWith("public.")) expect(byName.get(table), `${table} has row level security`).toBe(true);
    }
  });

  it("creates every index the migrations declare", async () => {
    const indexes = created("index");
    expect(indexes).toEqual(expect.arrayContaining(["public.products_search_trgm_idx", "public.products_category_created_idx"]));
    const rows = await test.db.query<{ name: string }>("select schemaname || '.' || indexname as name from pg_indexes");
    const existing = new Set(rows.map((r) => r.name));
    for (const index of indexes) expect(existing.has(index), `${index} exists`).toBe(true);
  });

  it("records every migration in schema_migrations", async () => {
    const rows = await test.db.query<{ version: string }>("select version from public.schema_migrations order by version");
    expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
  });

  it("applying again is a no-op", async () => {
    const before = await schemaSnapshot(test.db);
    const [{ count: recordsBefore } = { count: -1 }] = await test.db.query<{ count: number }>(
      "select count(*)::int as count from public.schema_migrations",
    );
    expect(await migrate(test.db)).toEqual([]);
    expect(await schemaSnapshot(test.db)).toEqual(before);
    const [{ count: recordsAfter } = { count: -2 }] = await test.db.query<{ count: number }>(
      "select count(*)::int as count from public.schema_migrations",
    );
    expect(recordsAfter).toBe(recordsBefore);
  });

  it("keeps products' search text and category key up to date", async () => {
    await createProduct(test, { id: "10000000-0000-4000-8000-000000000001", name: "Desk Lamp", nameDe: "Schreibtischlampe", category: "Home-Office", tags: ["Licht"] });
    const [row] = await test.db.query<{ search_text: string; category_key: string }>(
      "select search_text, category_key from public.products where id = '10000000-0000-4000-8000-000000000001'",
    );
    expect(row?.category_key).toBe("homeoffice");
    expect(row?.search_text).toContain("schreibtischlampe");
    expect(row?.search_text).toContain("licht");
    await test.db.query("update public.products set name_fr = 'Lampe de bureau' where id = '10000000-0000-4000-8000-000000000001'");
    const [updated] = await test.db.query<{ search_text: string }>(
      "select search_text from public.products where id = '10000000-0000-4000-8000-000000000001'",
    );
    expect(updated?.search_text).toContain("lampe de bureau");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("migrations when several servers start at once", () => {
  it("several concurrent runs on an empty Postgres database all succeed, and each migration is applied once", async () => {
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
    // The race is a matter of timing: a few rounds on fresh databases.
    for (let round = 0; round < 3; round++) {
      const name = `shop_migrate_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      await admin.exec(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      // One pool per "server", as separate processes would have.
      const servers = await Promise.all(Array.from({ length: 8 }, () => openPostgres(url.toString(), { max: 1 })));
      try {
        const runs = await Promise.allSettled(servers.map((db) => migrate(db)));
        expect(runs.filter((run) => run.status === "rejected")).toEqual([]);
        const applied = runs.map((run) => (run.status === "fulfilled" ? run.value : []));
        // One run applied everything; the others found it done.
        expect(applied.flat().sort()).toEqual(migrations.map((m) => m.version).sort());
        const recorded = await servers[0]!.query<{ version: string }>("select version from public.schema_migrations order by 1");
        expect(recorded.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
      } finally {
        await Promise.all(servers.map((db) => db.close()));
        await admin.exec(`drop database if exists ${name} with (force)`);
      }
    }
    await admin.close();
  });
});
