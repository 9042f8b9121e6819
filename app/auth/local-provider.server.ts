import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import type { Queryable } from "~/db/database.server";
import { getDb } from "~/db/db.server";
import { toAccountCountry, type AuthProvider, type SignInResult, type SignUpResult } from "./provider.server";
import { queueAccountExistsEmail, queuePasswordResetEmail, queueRegistrationEmail } from "~/models/transactional-email.server";
import { consumePasswordReset, createPasswordReset, findPasswordReset, RESET_LINK_MINUTES, resetPasswordUrl } from "~/models/password-reset.server";
import { confirmEmailUrl, createEmailConfirmation } from "~/models/email-confirmation.server";
import { siteUrl } from "~/utils/env.server";

const BCRYPT_COST = 10;

let dummyHash: Promise<string> | undefined;
/**
 * A hash to compare against when the e-mail is unknown, so "no such account" takes as long as
 * "wrong password" and the answer time does not tell which accounts exist.
 */
function timingDummy(): Promise<string> {
  return (dummyHash ??= bcrypt.hash("timing-equaliser-not-a-password", BCRYPT_COST));
}

/** An address no account can have (`.invalid` is reserved): the stand-in of work that is undone. */
function standInAddress(): string {
  return `stand-in-${randomUUID()}@timing.invalid`;
}

/**
 * Runs `work` inside a savepoint of `tx`, and keeps what it wrote only when `keep` (and the work
 * says it succeeded). The same statements, locks and WAL as the real thing, and a commit that
 * writes too: an answer that writes nothing takes as long as one that does. Returns whether the
 * work was kept.
 */
async function sameWork(tx: Queryable, name: string, keep: boolean, work: () => Promise<boolean>): Promise<boolean> {
  await tx.exec(`savepoint ${name}`);
  let done = false;
  try {
    done = await work();
  } finally {
    await tx.exec(keep && done ? `release savepoint ${name}` : `rollback to savepoint ${name}`);
  }
  return keep && done;
}

interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  raw_user_meta_data: Record<string, unknown> | null;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * AUTH_PROVIDER=local: accounts in auth.users (shaped like Supabase's), bcrypt hashes (cost 10).
 * The profile row, the confirmation link and the e-mail that carries it are written in the same
 * transaction as the account. An account may sign in before its address is confirmed (it can
 * shop, as a guest could); the address counts as confirmed, and an ADMIN_EMAILS address as an
 * admin's, only once the link was used.
 */
export function createLocalProvider(): AuthProvider {
  return {
    name: "local",

    async signUp(input, options): Promise<SignUpResult> {
      // Hash first, whether or not the e-mail is taken: both answers take the same time.
      const hash = await bcrypt.hash(input.password, BCRYPT_COST);
      const db = await getDb();
      const locale = options?.locale ?? "de";
      // The e-mails' links lead to SITE_URL, never to the request's Host.
      const site = options?.emailRedirectTo ?? siteUrl();
      await db.transaction(async (tx) => {
        const [owner] = await tx.query<{ email: string; raw_user_meta_data: Record<string, unknown> | null }>(
          "select email, raw_user_meta_data from auth.users where lower(email) = lower($1)",
          [input.email],
        );
        // The same statements run whether or not the address is taken (for a taken one, for a
        // stand-in address, undone), so the answer's time does not tell which addresses have accounts.
        const address = owner ? standInAddress() : input.email;
        const created = await sameWork(tx, "sign_up", !owner, async () => {
          const [user] = await tx.query<{ id: string }>(
            `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
             values ($1, $2, $3, null)
             on conflict ((lower(email))) do nothing
             returning id`,
            [
              address,
              hash,
              JSON.stringify({ firstName: input.firstName, lastName: input.lastName, country: input.country }),
            ],
          );
          // Registered at this very moment by another request: taken after all.
          if (!user) return false;
          await tx.query(
            `insert into public.profiles (user_id, first_name, last_name, email, country)
             values ($1, $2, $3, $4, $5)
             on conflict (user_id) do nothing`,
            [user.id, input.firstName, input.lastName, address, input.country],
          );
          // The e-mail with the confirmation link exists exactly when the account does (sent later
          // by the mail worker).
          const token = await createEmailConfirmation(tx, user.id);
          await queueRegistrationEmail(tx, {
            email: address,
            firstName: input.firstName,
            locale,
            siteUrl: site,
            confirmUrl: confirmEmailUrl(site, token, locale),
          });
          return true;
        });
        // A taken address: its owner is told (sign in, or set a new password); the browser is not.
        // For a new address this e-mail is written too, and undone: again the same work.
        await sameWork(tx, "account_exists", !created, async () => {
          await queueAccountExistsEmail(tx, {
            email: owner?.email ?? input.email,
            firstName: owner ? text(owner.raw_user_meta_data?.firstName) : input.firstName,
            locale,
            siteUrl: site,
          });
          return true;
        });
      });
      // The same answer for a new and a taken address.
      return { ok: true, needsConfirmation: true };
    },

    async signIn(email, password): Promise<SignInResult> {
      const db = await getDb();
      const [user] = await db.query<UserRow>(
        `select id, email, encrypted_password, raw_user_meta_data
           from auth.users where lower(email) = lower($1)`,
        [email],
      );
      const matches = await bcrypt.compare(password, user?.encrypted_password ?? (await timingDummy()));
      if (!user || !matches) return { ok: false, code: "invalid_credentials" };
      const meta = user.raw_user_meta_data ?? {};
      return {
        ok: true,
        identity: {
          id: user.id,
          email: user.email.toLowerCase(),
          firstName: text(meta.firstName),
          lastName: text(meta.lastName),
          country: toAccountCountry(meta.country),
        },
      };
    },

    async signOut() {
      // Local sessions are only the shop's own (public.sessions): ending that row is the sign-out.
      return { ok: true };
    },

    needsRefresh() {
      return false;
    },

    async refresh(tokens) {
      return { ok: true, tokens };
    },

    async requestPasswordReset(email, options) {
      const db = await getDb();
      await db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: string; email: string; raw_user_meta_data: Record<string, unknown> | null }>(
          "select id, email, raw_user_meta_data from auth.users where lower(email) = lower($1)",
          [email],
        );
        // No account: nothing is sent, and the page answers as it does for an account, as fast: the
        // link and its e-mail are made all the same, for a stand-in user, and undone.
        await sameWork(tx, "password_reset", Boolean(user), async () => {
          const token = await createPasswordReset(tx, user?.id ?? randomUUID());
          await queuePasswordResetEmail(tx, {
            email: user?.email ?? email,
            firstName: text(user?.raw_user_meta_data?.firstName),
            locale: options.locale,
            resetUrl: resetPasswordUrl(options.siteUrl, token, options.locale),
            minutes: RESET_LINK_MINUTES,
          });
          return true;
        });
      });
      return { ok: true };
    },

    async checkPasswordResetLink(token) {
      return (await findPasswordReset(token)) !== null;
    },

    async resetPassword(token, password) {
      const hash = await bcrypt.hash(password, BCRYPT_COST);
      const db = await getDb();
      const userId = await db.transaction(async (tx) => {
        const id = await consumePasswordReset(tx, token);
        if (!id) return null;
        // The link came by e-mail: following it proves the address as the confirmation link does.
        await tx.query(
          `update auth.users set encrypted_password = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
            where id = $1`,
          [id, hash],
        );
        return id;
      });
      return userId ? { ok: true, userId } : { ok: false, code: "invalid_link" };
    },

    async changePassword(input) {
      const db = await getDb();
      const [user] = await db.query<{ encrypted_password: string }>("select encrypted_password from auth.users where id = $1", [input.userId]);
      const matches = await bcrypt.compare(input.currentPassword, user?.encrypted_password ?? (await timingDummy()));
      if (!user || !matches) return { ok: false, code: "invalid_credentials" };
      const hash = await bcrypt.hash(input.newPassword, BCRYPT_COST);
      await db.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1", [input.userId, hash]);
      return { ok: true };
    },
  };
}
