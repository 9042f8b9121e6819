import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";

/**
 * The posted form. A body that does not parse as the form encoding it claims (a multipart body
 * without its boundary, cut off, garbage) is the client's error: 400 with a short message in the
 * visitor's language, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw await badRequest(request);
  }
}

async function badRequest(request: Request): Promise<Response> {
  const t = getTranslator(await getLocale(request));
  return new Response(t("common.error.badRequest"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
