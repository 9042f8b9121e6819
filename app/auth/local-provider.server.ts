import bcrypt from "bcryptjs";
import { getDb } from "~/db/db.server";
import { toAccountCountry, type AuthProvider, type SignInResult, type SignUpResult } from "./provider.server";
import { queueRegistrationEmail } from "~/models/email-outbox.server";

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
  email_confirmed_at: string | Date | null;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * AUTH_PROVIDER=local: accounts in auth.users (shaped like Supabase's), bcrypt hashes (cost 10).
 * The profile row is written in the same transaction as the account.
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
           values ($1, $2, $3, now())
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
        // The welcome e-mail exists exactly when the account does (sent later by the mail worker).
        await queueRegistrationEmail(tx, { email: input.email, firstName: input.firstName, locale: options?.locale ?? "de", siteUrl: options?.emailRedirectTo });
        return true;
      });
      // The account can be used at once; the welcome e-mail is only a welcome.
      return created ? { ok: true, needsConfirmation: false } : { ok: false, code: "registration_not_completed" };
    },

    async signIn(email, password): Promise<SignInResult> {
      const db = await getDb();
      const [user] = await db.query<UserRow>(
        `select id, email, encrypted_password, raw_user_meta_data, email_confirmed_at
           from auth.users where lower(email) = lower($1)`,
        [email],
      );
      const matches = await bcrypt.compare(password, user?.encrypted_password ?? (await timingDummy()));
      if (!user || !matches) return { ok: false, code: "invalid_credentials" };
      if (!user.email_confirmed_at) return { ok: false, code: "email_not_confirmed" };
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
      // Local sessions live only in the cookie; clearing it is the sign-out.
      return { ok: true };
    },

    needsRefresh() {
      return false;
    },

    async refresh(tokens) {
      return { ok: true, tokens };
    },
  };
}
