import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { hasControlCharacters } from "~/utils/text";

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

/** The client's error, as a plain-text 400 in the visitor's language (`common.error.*` key). */
export async function badRequest(request: Request, key: "badRequest" | "controlCharactersInAddress" = "badRequest"): Promise<Response> {
  const t = getTranslator(await getLocale(request));
  return new Response(t(`common.error.${key}`), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The address's parameters (search text, filters) are text like a form's: one with control
 * characters (a NUL byte…) is refused with a 400 and a message, never passed on to a query.
 */
export async function refuseControlCharactersInAddress(request: Request): Promise<void> {
  const params = new URL(request.url).searchParams;
  for (const [name, value] of params) {
    if (hasControlCharacters(name) || hasControlCharacters(value)) throw await badRequest(request, "controlCharactersInAddress");
  }
}
