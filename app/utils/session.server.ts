import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { secureCookies, THIRTY_DAYS } from "./cookies.server";
import { sessionSecrets } from "./env.server";

/** The cookie session's name (a contract: DECISIONS). */
export const SESSION_COOKIE = "__session";

export type ToastKind = "success" | "error" | "info";
/** A flash message; title and description are catalogue keys, translated when shown. */
export interface Toast {
  kind: ToastKind;
  title: string;
  description?: string;
  vars?: Record<string, string | number>;
}

export interface SessionData {
  userId: string;
  /** When the user signed in (ms since the epoch): a signed-in session ends 30 days later, whatever the browser keeps. */
  signedInAt: number;
  /** Supabase Auth tokens (AUTH_PROVIDER=supabase); never sent to the browser's storage. */
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}
interface SessionFlashData {
  toast: Toast;
}

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  return createCookieSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: sessionSecrets(),
      maxAge: THIRTY_DAYS,
    },
  });
}

function sessionStorage() {
  return (storage ??= createStorage());
}

export type ShopSession = Session<SessionData, SessionFlashData>;

export function getSession(request: Request): Promise<ShopSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: ShopSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: ShopSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/** Sets a flash toast and returns the Set-Cookie header that carries it. */
export async function flashToast(request: Request, toast: Toast, session?: ShopSession): Promise<string> {
  const s = session ?? (await getSession(request));
  s.flash("toast", toast);
  return commitSession(s);
}
