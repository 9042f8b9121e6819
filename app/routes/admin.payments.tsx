import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { flashToast } from "~/utils/session.server";
import { readFormData } from "~/utils/form-data.server";
import { readMultipartForm, RequestTooLargeError } from "~/utils/multipart.server";
import { MAX_STATEMENT_BYTES } from "~/utils/camt.server";
import { maxChars, plainText } from "~/utils/text";
import { assignCredit, dismissCredit, getImport, importStatement, listOpenCredits } from "~/models/bank-statement.server";
import { adminPageMeta } from "~/components/admin/admin-ui";
import { BankStatementsPage, formatAmount } from "~/components/admin/bank-statements";

/** While an import runs, its page looks again every few seconds (a plain meta refresh: with JavaScript or without). */
const PROGRESS_REFRESH_SECONDS = 2;

export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = adminPageMeta(args, (t) => ({ title: `${t("backoffice.statements.title")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));
  return args.data?.imported?.state === "running" ? [...tags, { httpEquiv: "refresh", content: String(PROGRESS_REFRESH_SECONDS) }] : tags;
};

const K = "backoffice.statements";
/** How many open credits the page lists (newest first); the count says when there are more. */
const OPEN_SHOWN = 200;
/** The multipart body around the file (boundaries, headers, the intent): a little over the file's limit. */
const BODY_SLACK = 64 * 1024;
/**
 * How long the upload's answer waits for the import: a usual statement is done by then and the
 * answer shows its result; a larger one goes on in the background and the answer shows its progress.
 */
const INLINE_IMPORT_MS = 1500;

/** One open credit's form: the order it is for, and the admin's confirmation of the amount received. */
const assignSchema = z.object({
  creditId: z.string({ required_error: `${K}.assign.errors.creditNotFound` }),
  order: plainText(z.string({ required_error: `${K}.assign.errors.orderRequired` }).trim().refine(maxChars(40), `${K}.assign.errors.orderNotFound`)),
  confirm: z.boolean({ required_error: `${K}.assign.errors.confirm` }).refine((value) => value, `${K}.assign.errors.confirm`),
});

/**
 * The last import's result (?import=<id>; &already=1 when the file had been imported before) and
 * the credits still to be assigned.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const imported = await getImport(params.get("import") ?? "");
  // While an import runs, its page shows only its progress (it looks again every few seconds):
  // the open credits are listed once it is done.
  const open = imported?.state === "running" ? null : await listOpenCredits(OPEN_SHOWN);
  return { imported, already: imported !== null && params.get("already") === "1", open };
}

/**
 * A multipart post is a statement file to import (at most 10 MB: 413; not XML, broken, not camt,
 * hostile: 400; more than 100 000 entries: 413; nothing applied in any of these). Any other post is
 * one open credit's form: intent=assign (order number or RF reference, amount confirmed) or intent=dismiss.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = getTranslator((await requestContext({ request, context })).locale);
  const type = request.headers.get("Content-Type") ?? "";
  if (/^multipart\/form-data/i.test(type)) return importAction(request, admin.id, t);

  const form = await readFormData(request);
  const intent = form.get("intent");
  const creditId = String(form.get("creditId") ?? "");
  if (intent === "dismiss") {
    if (!(await dismissCredit(creditId))) {
      return data({ assign: { creditId, reply: { status: "error" as const, error: { "": [t(`${K}.assign.errors.creditClosed`)] } } } }, { status: 409 });
    }
    return redirect("/admin/payments", { headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: `${K}.assign.dismissedTitle` }) } });
  }
  if (intent !== "assign") throw new Response(t("admin.errors.unknownIntent"), { status: 400 });

  const submission = parseWithZod(form, { schema: assignSchema });
  if (submission.status !== "success") return data({ assign: { creditId, reply: submission.reply() } }, { status: 400 });
  const result = await assignCredit(submission.value.creditId, submission.value.order, admin.id);
  if (!result.ok) {
    const message =
      result.reason === "otherCurrency"
        ? t(`${K}.assign.errors.otherCurrency`, { orderCurrency: result.orderCurrency, creditCurrency: result.creditCurrency })
        : t(`${K}.assign.errors.${result.reason}`);
    const status = result.reason === "creditNotFound" ? 404 : result.reason === "orderNotFound" || result.reason === "invalidAmount" ? 400 : 409;
    const field = result.reason === "creditNotFound" || result.reason === "creditClosed" ? "" : "order";
    return data({ assign: { creditId, reply: submission.reply({ ...(field ? { fieldErrors: { order: [message] } } : { formErrors: [message] }) }) } }, { status });
  }
  return redirect("/admin/payments", {
    headers: {
      "Set-Cookie": await flashToast(request, {
        kind: "success",
        title: `${K}.assign.assigned`,
        description: `${K}.assign.assignedText`,
        vars: { amount: formatAmount(result.amount, result.currency), number: result.number },
      }),
    },
  });
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function importAction(request: Request, adminId: string, t: ReturnType<typeof getTranslator>) {
  const refuse = (key: string, status: number, vars?: Record<string, string | number>) =>
    data({ upload: { message: t(`${K}.errors.${key}`, vars) } }, { status });
  // A declared length over the limit is refused before a byte is read.
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_STATEMENT_BYTES + BODY_SLACK) return refuse("tooLarge", 413);
  let parsed;
  try {
    parsed = await readMultipartForm(request, { statement: { maxBytes: MAX_STATEMENT_BYTES, maxCount: 1 } });
  } catch (error) {
    if (error instanceof RequestTooLargeError) return refuse("tooLarge", 413);
    if (error instanceof TypeError) return refuse("broken", 400);
    throw error;
  }
  if (parsed.problems.statement === "tooLarge") return refuse("tooLarge", 413);
  const file = parsed.files.statement?.[0];
  if (!file || file.bytes.length === 0) return refuse("noFile", 400);
  let started: (importId: string) => void = () => {};
  const running = new Promise<string>((resolve) => (started = resolve));
  const job = importStatement(file.bytes, { fileName: file.filename, adminId, onStarted: (importId) => started(importId) });
  // The import goes on when this answer does not wait for it: its failure is kept in its row (and logged here).
  job.catch((error: unknown) => console.error("Bank statement import failed:", error));
  const inTime = await Promise.race([job, running.then((importId) => delay(INLINE_IMPORT_MS).then(() => importId))]);
  if (typeof inTime === "string") return redirect(`/admin/payments?import=${inTime}`);
  const result = inTime;
  if (!result.ok) {
    if (result.reason === "tooManyEntries") return refuse("tooManyEntries", 413, { max: result.max.toLocaleString("en-US").replace(/,/g, "\u202f") });
    if (result.reason === "invalidEntry") return refuse("invalidEntry", 400, { entry: result.entry });
    return refuse(result.reason, 400);
  }
  return redirect(`/admin/payments?import=${result.importId}${result.status === "alreadyImported" ? "&already=1" : ""}`);
}

export default function AdminPayments() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <BankStatementsPage
      imported={loaded.imported}
      already={loaded.already}
      open={loaded.open}
      uploadError={answer && "upload" in answer ? answer.upload.message : null}
      assignAnswer={answer && "assign" in answer ? answer.assign : null}
    />
  );
}
