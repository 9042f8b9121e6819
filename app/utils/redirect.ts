const DUMMY_ORIGIN = "http://redirect.invalid";

/**
 * Where a redirect target from the request ("redirectTo", a Referer) may lead: a path of this site,
 * never another one. The target is resolved as a browser resolves a Location header (against a
 * dummy origin: "..", ".", backslashes, tabs and percent-encoding all applied), and only a result on
 * that origin whose path does not itself start with "//" (which a browser reads as another host)
 * passes, returned in its resolved form (path, query, fragment). Anything else gives `fallback`:
 * "//evil.example", "https://evil.example", "/\\evil.example", "/./\\evil.example",
 * "/..//evil.example", "/\t/evil.example", "javascript:…", and any text with control characters.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  const target = url.pathname + url.search + url.hash;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
