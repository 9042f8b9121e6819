import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { secureCookies, THIRTY_DAYS } from "./cookies.server";
import { sessionSecrets } from "./env.server";

/** The cookie session's name (a contract: docs/CONTRACTS.md). */
export const SESSION_COOKIE = "__session";

export type ToastKind = "success" | "error" | "info";
/** A flash message; title and description are catalogue keys, translated when shown. */
export interface Toast {
  kind: ToastKind;
  title: string;
  description?: string;
  vars?: Record<string, string | number>;
}
/** A toast as the browser gets it: translated on the server (translateToast), so pages need not carry every toast's texts. */
export interface ShownToast {
  kind: ToastKind;
  title: string;
  description?: string;
}

/**
 * What the signed cookie holds: the token of a signed-in session (its row in public.sessions is
 * the session; app/auth/session.server.ts) and, for one request, a flash toast.
 */
export interface SessionData {
  sessionToken: string;
  /** The withdrawal this browser declared last: it may see that receipt (/withdrawal?done=…). */
  withdrawalId: string;
  /** The withdrawal this browser declared again (stored before, by whoever): it may see that receipt, without the reason. */
  withdrawalRepeatId: string;
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

/** The Set-Cookie header for `session`, answering `request` (Secure when it came over HTTPS). */
export function commitSession(session: ShopSession, request: Request): Promise<string> {
  return sessionStorage().commitSession(session, { secure: secureCookies(request) });
}

/** Sets a flash toast and returns the Set-Cookie header that carries it. */
export async function flashToast(request: Request, toast: Toast, session?: ShopSession): Promise<string> {
  const s = session ?? (await getSession(request));
  s.flash("toast", toast);
  return commitSession(s, request);
}
