import { redirect } from "@remix-run/node";
import { getUser, type ShopUser } from "./user.server";

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request): Promise<ShopUser> {
  const user = await getUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/**
 * Admin loaders and actions start with this: visitors go to /login?redirectTo=…, signed-in
 * non-admins get a 403 page. Enforced on the server, whatever the page shows.
 */
export async function requireAdmin(request: Request): Promise<ShopUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new Response("Forbidden", { status: 403 });
  return user;
}
