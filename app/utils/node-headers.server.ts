import type http from "node:http";

/** A request header's (first) value, from Node's IncomingMessage. */
export function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A copy of the headers without the named ones (lower-case names, as Node gives them). */
export function headersWithout<T extends string | string[] | number>(
  headers: Record<string, T | undefined>,
  excluded: ReadonlySet<string>,
): Record<string, T> {
  const kept: Record<string, T> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !excluded.has(name)) kept[name] = value;
  }
  return kept;
}
