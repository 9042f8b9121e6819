import { createLocalProvider } from "./local-provider.server";
import { createSupabaseProvider } from "./supabase-provider.server";
import type { Locale } from "~/i18n/config";

export type AccountCountry = "DE" | "CH";

/** Supabase-style tokens, kept in the signed cookie session only (never in the browser's storage). */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds since the epoch, as Supabase's `expires_at`. */
  expiresAt: number;
}

/** Who signed in, with the metadata given at sign-up (used to create the profile on first sign-in). */
export interface AuthIdentity {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  country: AccountCountry;
  /** Only with AUTH_PROVIDER=supabase. */
  tokens?: AuthTokens;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  country: AccountCountry;
}

/**
 * Why an auth call failed. `message` is the provider's own text (Supabase's error message), shown
 * when no translation of the code exists.
 */
export type AuthErrorCode =
  | "invalid_credentials"
  | "email_not_confirmed"
  | "registration_not_completed"
  | "user_already_exists"
  | "weak_password"
  | "rate_limited"
  | "provider_error"
  | "unavailable";

export interface AuthFailure {
  ok: false;
  code: AuthErrorCode;
  message?: string;
  status?: number;
}

export type SignUpResult = { ok: true; needsConfirmation: boolean } | AuthFailure;
export type SignInResult = { ok: true; identity: AuthIdentity } | AuthFailure;
export type SignOutResult = { ok: true } | AuthFailure;
/** `invalid`: the refresh token is no longer accepted (sign the user out); `unavailable`: try later. */
export type RefreshResult = { ok: true; tokens: AuthTokens } | { ok: false; code: "invalid" | "unavailable" };

export interface AuthProvider {
  readonly name: "local" | "supabase";
  /** `locale`: the language of the welcome e-mail the local provider queues. */
  signUp(input: SignUpInput, options: { emailRedirectTo: string; locale?: Locale }): Promise<SignUpResult>;
  signIn(email: string, password: string): Promise<SignInResult>;
  signOut(tokens: AuthTokens | null): Promise<SignOutResult>;
  /** Whether these tokens must be refreshed before use (always false for the local provider). */
  needsRefresh(tokens: AuthTokens | null): boolean;
  refresh(tokens: AuthTokens): Promise<RefreshResult>;
}

let cached: { key: string; provider: AuthProvider } | undefined;

/**
 * The provider chosen by AUTH_PROVIDER: `local` (default; accounts in auth.users) or `supabase`
 * (needs SUPABASE_URL and SUPABASE_ANON_KEY). A misconfiguration fails loudly, never silently
 * falls back to the other provider.
 */
export function getAuthProvider(): AuthProvider {
  const name = (process.env.AUTH_PROVIDER || "local").trim().toLowerCase();
  const key = `${name}|${process.env.SUPABASE_URL ?? ""}|${process.env.SUPABASE_ANON_KEY ?? ""}`;
  if (cached?.key === key) return cached.provider;
  let provider: AuthProvider;
  if (name === "local") {
    provider = createLocalProvider();
  } else if (name === "supabase") {
    const url = process.env.SUPABASE_URL?.trim();
    const anonKey = process.env.SUPABASE_ANON_KEY?.trim();
    if (!url || !anonKey) {
      throw new Error("AUTH_PROVIDER=supabase needs SUPABASE_URL and SUPABASE_ANON_KEY (see .env.example).");
    }
    provider = createSupabaseProvider({ url, anonKey });
  } else {
    throw new Error(`AUTH_PROVIDER must be "local" or "supabase", not "${name}".`);
  }
  cached = { key, provider };
  return provider;
}

export function toAccountCountry(value: unknown): AccountCountry {
  return value === "CH" ? "CH" : "DE";
}
