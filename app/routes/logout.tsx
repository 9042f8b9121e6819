import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getAuthProvider, type SignOutResult } from "~/auth/provider.server";
import { endUserSession } from "~/auth/session.server";
import { getSignedInSession } from "~/auth/user.server";
import { safeRedirect } from "~/utils/redirect";
import { flashToast, getSession } from "~/utils/session.server";
import { readFormData } from "~/utils/form-data.server";
import { logActionFailure } from "~/services/action-failure.server";

/** The page the sign-out form was on (a same-site path from the Referer), else the home page. */
function pageOf(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return "/";
    return safeRedirect(url.pathname + url.search, "/");
  } catch {
    return "/";
  }
}

/**
 * Sign-out (the header's 'Abmelden' and the profile's 'Sign Out' post here). Success: the session
 * ends in the database, the browser gets an empty session cookie and a new visitor cart, the toast
 * 'Signed Out' and goes back to the home page. When the provider cannot end the session, the user
 * stays signed in on the page with 'Error' / 'Failed to sign out.'
 */
export async function action({ request }: ActionFunctionArgs) {
  const [form, session] = await Promise.all([readFormData(request), getSession(request)]);
  const signedIn = await getSignedInSession(request, session);
  let result: SignOutResult;
  try {
    result = await getAuthProvider().signOut(signedIn?.tokens ?? null);
  } catch (error) {
    result = { ok: false, code: "unavailable" };
    logActionFailure("sign-out failed", error);
  }
  if (!result.ok) {
    const cookie = await flashToast(request, { kind: "error", title: "account.toast.error", description: "account.toast.signOutFailed" }, session);
    return redirect(pageOf(request), { headers: { "Set-Cookie": cookie } });
  }
  const headers = new Headers();
  for (const cookie of await endUserSession(request, signedIn?.id ?? null, { kind: "success", title: "account.toast.signedOut" })) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { headers });
}

/** Signing out changes state, so only a POST does it; a visit to /logout just goes home. */
export function loader() {
  return redirect("/");
}
