import bcrypt from "bcryptjs";
import type { Database } from "./database.server";
import catalogueSql from "../../supabase/seed.sql?raw";

/** The demo accounts (a contract: docs/CONTRACTS.md), created in the embedded database only. */
export const demoAccounts = [
  { email: "admin@example.com", password: "admin12345", firstName: "Anna", lastName: "Admin", admin: true },
  { email: "kunde@example.com", password: "kunde12345", firstName: "Karl", lastName: "Kunde", admin: false },
] as const;

type DemoAccount = (typeof demoAccounts)[number];

/**
 * Seeds the demo catalogue and offers (supabase/seed.sql) when the catalogue is empty, and the demo
 * accounts that are missing when asked. Says what it did.
 */
const SEED_LOCK_ID = 72_431_906;

export async function seedDemoData(db: Database, options: { accounts: boolean }): Promise<{ catalogue: boolean; accounts: DemoAccount[] }> {
  // Several server processes may start at once on one Postgres (WEB_CONCURRENCY): they take turns,
  // and only the first finds the catalogue empty.
  const seeded = await db.transaction(async (tx) => {
    if (db.kind === "postgres") await tx.query("select pg_advisory_xact_lock($1)", [SEED_LOCK_ID]);
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>("select count(*)::int as count from public.products");
    if (count === 0) await tx.exec(catalogueSql);
    return count === 0;
  });
  return { catalogue: seeded, accounts: options.accounts ? await seedDemoAccounts(db) : [] };
}

async function seedDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  for (const account of demoAccounts) {
    const existing = await db.query("select 1 from auth.users where lower(email) = $1", [account.email]);
    if (existing.length > 0) continue;
    created.push(account);
    const hash = await bcrypt.hash(account.password, 10);
    await db.transaction(async (tx) => {
      const [user] = await tx.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
         values ($1, $2, $3, now()) returning id`,
        [account.email, hash, JSON.stringify({ firstName: account.firstName, lastName: account.lastName, country: "DE" })],
      );
      if (!user) throw new Error("demo account not created");
      await tx.query(
        `insert into public.profiles (user_id, first_name, last_name, email, country)
         values ($1, $2, $3, $4, 'DE') on conflict (user_id) do nothing`,
        [user.id, account.firstName, account.lastName, account.email],
      );
      if (account.admin) {
        await tx.query("insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing", [user.id]);
      }
    });
  }
  return created;
}
