import { createLocalProvider } from "./local-provider.server";
import { createSupabaseProvider } from "./supabase-provider.server";
import type { Locale } from "~/i18n/config";
import type { ProviderTokens } from "~/models/user-session.server";
import { env } from "~/utils/env.server";

export type AccountCountry = "DE" | "CH";

/** Supabase-style tokens, kept with the session's row on the server (never in the browser). */
export type AuthTokens = ProviderTokens;

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
  | "unavailable"
  /** A password-reset link that is unknown, used or expired. */
  | "invalid_link";

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
export type PasswordResetRequestResult = { ok: true } | AuthFailure;
export type ResetPasswordResult = { ok: true; userId: string } | AuthFailure;
/** `invalid_credentials`: the current password is wrong. `tokens`: the provider's new session, if any. */
export type ChangePasswordResult = { ok: true; tokens?: AuthTokens } | AuthFailure;
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
  /**
   * Sends a password-reset link to the address if it has an account; the same answer either way.
   * `siteUrl`: where the link leads (/reset-password); `locale`: the e-mail's language (local).
   */
  requestPasswordReset(email: string, options: { siteUrl: string; locale: Locale }): Promise<PasswordResetRequestResult>;
  /** Whether a reset link can still be used; null when only using it can tell (Supabase). */
  checkPasswordResetLink(token: string): Promise<boolean | null>;
  /** Sets a new password through a reset link (used once); `invalid_link` when it cannot be used. */
  resetPassword(token: string, password: string): Promise<ResetPasswordResult>;
  /** Changes the password of a signed-in user after checking the current one. */
  changePassword(input: { userId: string; email: string; currentPassword: string; newPassword: string }): Promise<ChangePasswordResult>;
}

let cached: { key: string; provider: AuthProvider } | undefined;

/**
 * The provider chosen by AUTH_PROVIDER: `local` (default; accounts in auth.users) or `supabase`
 * (needs SUPABASE_URL and SUPABASE_ANON_KEY). A misconfiguration fails loudly, never silently
 * falls back to the other provider.
 */
export function getAuthProvider(): AuthProvider {
  const { AUTH_PROVIDER: name, SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey } = env();
  const key = `${name}|${url ?? ""}|${anonKey ?? ""}`;
  if (cached?.key === key) return cached.provider;
  let provider: AuthProvider;
  if (name === "local") {
    provider = createLocalProvider();
  } else if (name === "supabase") {
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
