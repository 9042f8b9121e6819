import { data, redirect } from "@remix-run/node";
import type { NewsletterLinkView } from "~/components/newsletter-link-page";
import { readFormData } from "~/utils/form-data.server";
import { getLocale } from "~/i18n/i18n.server";
import { routeMessages } from "~/i18n/catalogues.server";
import type { I18nHandle } from "~/i18n/namespaces";

/**
 * The two links of newsletter e-mails (/newsletter/confirm, /newsletter/unsubscribe) work alike:
 * opening one (GET) only looks the token up and shows a button; pressing it (POST) applies it.
 */
export async function loadNewsletterLink(
  request: Request,
  findByToken: (token: string | null) => Promise<{ email: string } | null>,
  handle: I18nHandle,
) {
  const url = new URL(request.url);
  const messages = routeMessages(await getLocale(request), handle);
  if (url.searchParams.get("done") === "1") return data<NewsletterLinkView>({ state: "done", messages });
  const token = url.searchParams.get("token");
  const subscriber = await findByToken(token);
  if (!subscriber) return data<NewsletterLinkView>({ state: "invalid", messages }, { status: 404 });
  return data<NewsletterLinkView>({ state: "form", email: subscriber.email, token: token!, messages });
}

/** Applies the token of the form (or of the address, for a mail program's one-click POST). */
export async function applyNewsletterLink(
  request: Request,
  applyToken: (token: FormDataEntryValue | null) => Promise<boolean>,
  donePath: string,
) {
  const formData = await readFormData(request);
  const token = formData.get("token") ?? new URL(request.url).searchParams.get("token");
  if (!(await applyToken(token))) return data<NewsletterLinkView>({ state: "invalid" }, { status: 404 });
  return redirect(`${donePath}?done=1`);
}
