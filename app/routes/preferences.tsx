import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isLocale } from "~/i18n/config";
import { countryCookies, languageCookie } from "~/services/preference-cookies.server";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/form-data.server";

/**
 * The header's language and country/currency forms post here. The choice is kept in the
 * contract's cookies (lng, preferred-country, preferred-currency) and the shopper goes back.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const headers = new Headers();
  const lng = form.get("lng");
  if (isLocale(lng)) headers.append("Set-Cookie", languageCookie(request, lng));
  const country = form.get("country");
  if (country === "DE" || country === "CH") {
    for (const cookie of countryCookies(request, country)) headers.append("Set-Cookie", cookie);
  }
  let target = safeRedirect(form.get("redirectTo"), "/");
  // An explicit ?lng= in the address would override the new cookie: drop it.
  if (isLocale(lng)) {
    const url = new URL(target, "http://local");
    url.searchParams.delete("lng");
    target = url.pathname + url.search;
  }
  return redirect(target, { headers });
}

export function loader() {
  return redirect("/");
}
