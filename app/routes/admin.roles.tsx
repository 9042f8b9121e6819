import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";

/** The first round's page of the add-administrator form: the form lives in /admin/settings now. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/settings", 301);
}
