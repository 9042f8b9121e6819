#!/usr/bin/env node
// `npm run admin -- grant <email> | revoke <email> | list`: administrators by role (user_roles),
// on the database the server uses — DATABASE_URL, else the embedded PGlite under DATA_DIR. This is
// how a shop on a fresh database gets its first admin: sign up, then grant (ADMIN_EMAILS works too,
// but only once the address is confirmed through the sign-up e-mail's link).
import { existsSync } from "node:fs";
import path from "node:path";
import { runningShopPid } from "./lib/running-shop.mjs";

const USAGE = `Usage: npm run admin -- grant <email>   make the account with this e-mail an administrator
       npm run admin -- revoke <email>  take the administrator role back
       npm run admin -- list            list the administrators
Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data), like the server.`;

class Refusal extends Error {}

function adminEmails() {
  return (process.env.ADMIN_EMAILS ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

async function openDatabase() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const sql = postgres(url, {
      max: 1,
      prepare: process.env.DATABASE_PREPARE === "true",
      connect_timeout: Number(process.env.DATABASE_CONNECT_TIMEOUT ?? 10),
      onnotice: () => {},
    });
    return {
      where: "DATABASE_URL",
      query: async (text, params = []) => [...(await sql.unsafe(text, params))],
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const dir = path.join(path.resolve(process.env.DATA_DIR || "./data"), "pglite");
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    throw new Refusal(`There is no embedded database in ${dir} yet: start the shop once (npm start), then sign up.`);
  }
  // PGlite serves one process per folder; a second one would corrupt it. A running shop holds
  // DATA_DIR/server.lock (server/data-dir-lock.ts) with its pid; PGlite itself writes postmaster.pid.
  const lockOwner = runningShopPid(path.dirname(dir));
  if (lockOwner) {
    throw new Refusal(`The embedded database in ${dir} is in use by the shop server (process ${lockOwner}): stop the shop first.`);
  }
  if (existsSync(path.join(dir, "postmaster.pid"))) {
    throw new Refusal(
      `The embedded database in ${dir} is open (postmaster.pid): stop the shop first. ` +
        "If the shop is not running, that file is left over from a crash: start and stop the shop once.",
    );
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const pg = new PGlite(dir, { extensions: { pg_trgm, unaccent } });
  await pg.waitReady;
  return { where: dir, query: async (text, params = []) => (await pg.query(text, params)).rows, close: () => pg.close() };
}

/** The account with this e-mail (every account has a profile), with whether ADMIN_EMAILS already makes it an admin. */
async function findAccount(db, email) {
  const [account] = await db.query(
    `select p.user_id, p.email,
            exists (select 1 from auth.users u where u.id = p.user_id and u.email_confirmed_at is not null
                      and lower(u.email) = any($2::text[])) as by_email
       from public.profiles p where lower(p.email) = $1 order by p.created_at limit 1`,
    [email, adminEmails()],
  );
  if (!account) throw new Refusal(`No account has the e-mail ${email}. Sign up with it first (/register), then run this again.`);
  return account;
}

async function run(db, command, email) {
  const [{ ready } = { ready: null }] = await db.query("select to_regclass('public.user_roles') is not null as ready");
  if (!ready) throw new Refusal("This database has no shop tables yet: start the shop once (it applies the migrations), then sign up.");
  switch (command) {
    case "grant": {
      const account = await findAccount(db, email);
      const added = await db.query(
        "insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing returning user_id",
        [account.user_id],
      );
      return added.length > 0 ? `${account.email} is now an administrator.` : `${account.email} was an administrator already.`;
    }
    case "revoke": {
      const account = await findAccount(db, email);
      const removed = await db.query("delete from public.user_roles where user_id = $1 and role = 'admin' returning user_id", [account.user_id]);
      const still = account.by_email ? " It stays an administrator through ADMIN_EMAILS until you remove it there." : "";
      return (removed.length > 0 ? `${account.email} is no longer an administrator by role.` : `${account.email} had no administrator role.`) + still;
    }
    case "list": {
      const emails = adminEmails();
      const rows = await db.query(
        `select p.email, exists (select 1 from public.user_roles r where r.user_id = p.user_id and r.role = 'admin') as by_role,
                coalesce(u.email_confirmed_at is not null, false) as confirmed
           from public.profiles p left join auth.users u on u.id = p.user_id
          where p.user_id in (select user_id from public.user_roles where role = 'admin')
             or lower(p.email) = any($1::text[])
          order by lower(p.email)`,
        [emails],
      );
      const lines = rows.map((row) => {
        const listed = emails.includes(row.email.toLowerCase());
        const how = [row.by_role ? "role" : null, listed ? (row.confirmed ? "ADMIN_EMAILS" : "ADMIN_EMAILS, not confirmed: no admin yet") : null];
        return `${row.email} (${how.filter(Boolean).join("; ")})`;
      });
      for (const email of emails) {
        if (!rows.some((row) => row.email.toLowerCase() === email)) lines.push(`${email} (ADMIN_EMAILS, no account yet)`);
      }
      return lines.length > 0 ? lines.join("\n") : "No administrators.";
    }
  }
  throw new Refusal(USAGE);
}

const [command, rawEmail] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase();
if (!["grant", "revoke", "list"].includes(command ?? "") || (command !== "list" && !email)) {
  console.error(USAGE);
  process.exit(2);
}

let db;
try {
  db = await openDatabase();
  console.log(await run(db, command, email));
  await db.close();
} catch (error) {
  await db?.close().catch(() => {});
  console.error(error instanceof Refusal ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
