import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { exportAccountData } from "~/models/privacy.server";

/** "Download my data" (/profile/privacy/export.json): everything the shop holds about the account, as a JSON file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return new Response(JSON.stringify(await exportAccountData(user.id), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="officehaus-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
