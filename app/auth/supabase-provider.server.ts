import { createClient, isAuthApiError, isAuthError, type AuthError, type Session } from "@supabase/supabase-js";
import {
  toAccountCountry,
  type AuthFailure,
  type AuthProvider,
  type AuthTokens,
  type RefreshResult,
  type SignInResult,
  type SignOutResult,
  type SignUpResult,
} from "./provider.server";
import { getDb } from "~/db/db.server";
import { queueAccountExistsEmail } from "~/models/transactional-email.server";

export interface SupabaseConfig {
  url: string;
  anonKey: string;
  /** Attempts of a token refresh; the waits between them back off from 200 ms, doubling. */
  refreshAttempts?: number;
  /** Time limit of one request to Supabase Auth. */
  requestTimeoutMs?: number;
}

/** Refresh a little before the access token runs out, so it never expires mid-request. */
const EXPIRY_MARGIN_SECONDS = 60;
const FIRST_BACKOFF_MS = 200;

/** The server never opens a realtime socket; Node 20 has no WebSocket for supabase-js to find. */
class NoRealtimeTransport {
  constructor() {
    throw new Error("Supabase Realtime is not used on the server.");
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function toTokens(session: Pick<Session, "access_token" | "refresh_token" | "expires_at" | "expires_in">): AuthTokens {
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at ?? Math.floor(Date.now() / 1000) + (session.expires_in ?? 3600),
  };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Supabase's error codes, mapped to ours; its message is kept for anything else. */
function toFailure(error: AuthError): AuthFailure {
  const status = error.status ?? 0;
  if (!isAuthApiError(error) || status === 0 || status >= 500) {
    return { ok: false, code: "unavailable", message: error.message, status: status || 503 };
  }
  switch (error.code) {
    case "invalid_credentials":
      return { ok: false, code: "invalid_credentials", status };
    case "email_not_confirmed":
      return { ok: false, code: "email_not_confirmed", status };
    case "user_already_exists":
    case "email_exists":
      return { ok: false, code: "user_already_exists", status };
    case "weak_password":
      return { ok: false, code: "weak_password", status };
    case "over_request_rate_limit":
    case "over_email_send_rate_limit":
      return { ok: false, code: "rate_limited", status };
    default:
      if (/invalid login credentials/i.test(error.message)) return { ok: false, code: "invalid_credentials", status };
      return { ok: false, code: "provider_error", message: error.message, status };
  }
}

/**
 * AUTH_PROVIDER=supabase: Supabase Auth through @supabase/supabase-js, on the server only.
 * Every call gets its own client that neither stores nor refreshes a session, so no user's
 * session can leak into another request; the tokens live with our session row on the server.
 */
export function createSupabaseProvider(config: SupabaseConfig): AuthProvider {
  const baseUrl = config.url.replace(/\/+$/, "");
  const timeout = config.requestTimeoutMs ?? 8000;
  const attempts = Math.max(1, config.refreshAttempts ?? 4);
  const timedFetch: typeof fetch = (input, init) =>
    fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeout) });

  function client() {
    return createClient(baseUrl, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoRealtimeTransport as never },
      global: { fetch: timedFetch },
    });
  }

  async function guarded<T>(call: () => Promise<T>): Promise<T | AuthFailure> {
    try {
      return await call();
    } catch (error) {
      // A network failure, a timeout or a non-JSON answer: the service is not reachable.
      if (isAuthError(error)) return toFailure(error);
      return { ok: false, code: "unavailable", message: error instanceof Error ? error.message : String(error), status: 503 };
    }
  }

  return {
    name: "supabase",

    signUp(input, options): Promise<SignUpResult> {
      return guarded(async () => {
        const { data, error } = await client().auth.signUp({
          email: input.email,
          password: input.password,
          options: {
            data: { firstName: input.firstName, lastName: input.lastName, country: input.country },
            emailRedirectTo: options.emailRedirectTo,
          },
        });
        if (error) {
          const failure = toFailure(error);
          if (failure.code !== "user_already_exists") return failure;
          // Answered as a new sign-up is (Supabase answers so itself when it confirms addresses; it
          // refuses a taken one only when it does not, and then a new sign-up gets a session at
          // once): the owner is told by e-mail instead of the browser.
          await getDb().then((db) =>
            db.transaction((tx) =>
              queueAccountExistsEmail(tx, { email: input.email, firstName: "", locale: options.locale ?? "de", siteUrl: options.emailRedirectTo }),
            ),
          );
          return { ok: true, needsConfirmation: false };
        }
        // Without a session, Supabase sent a confirmation e-mail first.
        return { ok: true, needsConfirmation: !data.session };
      });
    },

    signIn(email, password): Promise<SignInResult> {
      return guarded(async () => {
        const { data, error } = await client().auth.signInWithPassword({ email, password });
        if (error) return toFailure(error);
        if (!data.session || !data.user) return { ok: false, code: "unavailable", status: 502 } satisfies AuthFailure;
        const meta = data.user.user_metadata ?? {};
        return {
          ok: true,
          identity: {
            id: data.user.id,
            email: (data.user.email ?? email).toLowerCase(),
            firstName: text(meta.firstName),
            lastName: text(meta.lastName),
            country: toAccountCountry(meta.country),
            tokens: toTokens(data.session),
          },
        } as const;
      });
    },

    signOut(tokens): Promise<SignOutResult> {
      if (!tokens) return Promise.resolve({ ok: true });
      return guarded(async () => {
        // Ends this session (scope "local"), not the user's sessions on other devices.
        const { error } = await client().auth.admin.signOut(tokens.accessToken, "local");
        // A token Supabase no longer knows is signed out already (as supabase-js itself treats it).
        if (error && !(isAuthApiError(error) && [401, 403, 404].includes(error.status))) return toFailure(error);
        return { ok: true } as const;
      });
    },

    needsRefresh(tokens) {
      if (!tokens) return false;
      return tokens.expiresAt - EXPIRY_MARGIN_SECONDS <= Date.now() / 1000;
    },

    /**
     * Exchanges the refresh token for new tokens. Network failures and 5xx answers are retried,
     * backing off from 200 ms and doubling (200, 400, 800 ms), as supabase-js does. Its own loop
     * keeps trying for up to 30 s, too long to hold a page request, hence this bounded one with
     * the same call. A 4xx answer means the refresh token is spent or revoked.
     */
    async refresh(tokens): Promise<RefreshResult> {
      for (let attempt = 0; attempt < attempts; attempt++) {
        if (attempt > 0) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1));
        let response: Response;
        try {
          response = await timedFetch(`${baseUrl}/auth/v1/token?grant_type=refresh_token`, {
            method: "POST",
            headers: {
              apikey: config.anonKey,
              Authorization: `Bearer ${config.anonKey}`,
              "Content-Type": "application/json;charset=UTF-8",
            },
            body: JSON.stringify({ refresh_token: tokens.refreshToken }),
          });
        } catch {
          continue;
        }
        if (response.status >= 500 || response.status === 429) {
          await response.body?.cancel();
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { ok: false, code: "invalid" };
        }
        const body = (await response.json().catch(() => null)) as Partial<Session> | null;
        if (!body?.access_token || !body.refresh_token) return { ok: false, code: "unavailable" };
        return {
          ok: true,
          tokens: toTokens({
            access_token: body.access_token,
            refresh_token: body.refresh_token,
            expires_at: body.expires_at,
            expires_in: body.expires_in ?? 3600,
          }),
        };
      }
      return { ok: false, code: "unavailable" };
    },

    /**
     * Supabase sends the e-mail. Its "Reset Password" template must link to
     * `{{ .RedirectTo }}?token={{ .TokenHash }}` (docs/legal.md), so the link opens our /reset-password page.
     */
    requestPasswordReset(email, options) {
      return guarded(async () => {
        const { error } = await client().auth.resetPasswordForEmail(email, { redirectTo: `${options.siteUrl.replace(/\/+$/, "")}/reset-password` });
        if (error) {
          const failure = toFailure(error);
          // Only "try later" is told; anything else would say whether the address has an account.
          if (failure.code === "unavailable" || failure.code === "rate_limited") return failure;
        }
        return { ok: true } as const;
      });
    },

    async checkPasswordResetLink() {
      // Supabase can only check a recovery token by using it.
      return null;
    },

    resetPassword(token, password) {
      return guarded(async () => {
        const auth = client().auth;
        const verified = await auth.verifyOtp({ token_hash: token, type: "recovery" });
        if (verified.error) {
          const failure = toFailure(verified.error);
          return failure.code === "unavailable" ? failure : ({ ok: false, code: "invalid_link" } as const);
        }
        const session = verified.data.session;
        if (!session || !verified.data.user) return { ok: false, code: "invalid_link" } as const;
        const updated = await setPassword(session, password);
        if (!updated.ok) return updated;
        // Every session of the account at Supabase ends, as the shop's own do.
        await auth.admin.signOut(session.access_token, "global");
        return { ok: true, userId: verified.data.user.id } as const;
      });
    },

    changePassword(input) {
      return guarded(async () => {
        const signedIn = await client().auth.signInWithPassword({ email: input.email, password: input.currentPassword });
        if (signedIn.error) return toFailure(signedIn.error);
        if (!signedIn.data.session) return { ok: false, code: "unavailable", status: 502 } as const;
        const updated = await setPassword(signedIn.data.session, input.newPassword);
        if (!updated.ok) return updated;
        // The other devices' Supabase sessions end; this browser continues with the new session.
        await client().auth.admin.signOut(signedIn.data.session.access_token, "others");
        return { ok: true, tokens: toTokens(signedIn.data.session) } as const;
      });
    },
  };

  /** Sets the password of the session's user (PUT /auth/v1/user with its access token). */
  async function setPassword(session: Session, password: string): Promise<{ ok: true } | AuthFailure> {
    const auth = client().auth;
    const { error: sessionError } = await auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    if (sessionError) return toFailure(sessionError);
    const { error } = await auth.updateUser({ password });
    return error ? toFailure(error) : { ok: true };
  }
}
