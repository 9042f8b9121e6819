import bcrypt from "bcryptjs";
import { getDb } from "~/db/db.server";
import { toAccountCountry, type AuthProvider, type SignInResult, type SignUpResult } from "./provider.server";
import { queuePasswordResetEmail, queueRegistrationEmail } from "~/models/transactional-email.server";
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
      const created = await db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: string }>(
          `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
           values ($1, $2, $3, null)
           on conflict ((lower(email))) do nothing
           returning id`,
          [
            input.email,
            hash,
            JSON.stringify({ firstName: input.firstName, lastName: input.lastName, country: input.country }),
          ],
        );
        if (!user) return false;
        await tx.query(
          `insert into public.profiles (user_id, first_name, last_name, email, country)
           values ($1, $2, $3, $4, $5)
           on conflict (user_id) do nothing`,
          [user.id, input.firstName, input.lastName, input.email, input.country],
        );
        // The e-mail with the confirmation link exists exactly when the account does (sent later
        // by the mail worker). Its links lead to SITE_URL, never to the request's Host.
        const locale = options?.locale ?? "de";
        const site = options?.emailRedirectTo ?? siteUrl();
        const token = await createEmailConfirmation(tx, user.id);
        await queueRegistrationEmail(tx, {
          email: input.email,
          firstName: input.firstName,
          locale,
          siteUrl: site,
          confirmUrl: confirmEmailUrl(site, token, locale),
        });
        return true;
      });
      return created ? { ok: true, needsConfirmation: true } : { ok: false, code: "registration_not_completed" };
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
        // No account: nothing is sent, and the page answers as it does for an account.
        if (!user) return;
        const token = await createPasswordReset(tx, user.id);
        await queuePasswordResetEmail(tx, {
          email: user.email,
          firstName: text(user.raw_user_meta_data?.firstName),
          locale: options.locale,
          resetUrl: resetPasswordUrl(options.siteUrl, token, options.locale),
          minutes: RESET_LINK_MINUTES,
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
