import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { loadInbox } from "~/models/admin-inbox.server";
import { adminPageMeta } from "~/components/admin/admin-ui";
import { InboxLists } from "~/components/admin/inbox-lists";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.messages")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

/** Contact messages and support requests (?done=1 with the handled ones), and the outbox (?mail=failed…). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadInbox(new URL(request.url));
}

export default function AdminMessages() {
  return <InboxLists data={useLoaderData<typeof loader>()} />;
}
