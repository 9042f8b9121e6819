/**
 * Only same-site paths are followed: "/cart" yes; "//evil.example", "https://evil.example",
 * "/\\evil.example" or anything not starting with a single slash fall back to the default.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  return to;
}
