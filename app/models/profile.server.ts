import { getDb } from "~/db/db.server";

export type ProfileCountry = "DE" | "CH";

export interface Profile {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** An empty or unknown country counts as DE. */
  country: ProfileCountry;
}

interface ProfileRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
}

function toProfile(row: ProfileRow): Profile {
  return {
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    country: row.country === "CH" ? "CH" : "DE",
  };
}

export async function getProfile(userId: string): Promise<Profile | null> {
  const db = await getDb();
  const [row] = await db.query<ProfileRow>(
    "select user_id, first_name, last_name, email, phone, country from public.profiles where user_id = $1",
    [userId],
  );
  return row ? toProfile(row) : null;
}

/** The profile form's upsert (one row per user). The e-mail is the account's, never the form's. */
export async function upsertProfile(
  profile: Pick<Profile, "userId" | "firstName" | "lastName" | "email" | "phone" | "country">,
): Promise<Profile> {
  const db = await getDb();
  const [row] = await db.query<ProfileRow>(
    `insert into public.profiles (user_id, first_name, last_name, email, phone, country)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id) do update set
       first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
       phone = excluded.phone, country = excluded.country, updated_at = now()
     returning user_id, first_name, last_name, email, phone, country`,
    [profile.userId, profile.firstName, profile.lastName, profile.email, profile.phone, profile.country],
  );
  if (!row) throw new Error("profile upsert returned no row");
  return toProfile(row);
}

/**
 * On sign-in: creates the profile from the sign-up metadata when there is none yet (a Supabase
 * account signs in here for the first time), and keeps the e-mail in step with the account.
 * Names, phone and country the user edited are kept.
 */
export async function upsertProfileOnSignIn(identity: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  country: ProfileCountry;
}): Promise<void> {
  const db = await getDb();
  await db.query(
    `insert into public.profiles (user_id, first_name, last_name, email, country)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id) do update set email = excluded.email, updated_at = now()
       where public.profiles.email is distinct from excluded.email`,
    [identity.id, identity.firstName, identity.lastName, identity.email, identity.country],
  );
}
