import type { Locale } from "./config";

/** A catalogue: nested objects of strings, addressed by dotted keys ("cart.empty.title"). */
export type Messages = { [key: string]: string | Messages };
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: string, vars?: TranslateVars) => string;

const pluralRules = new Map<Locale, Intl.PluralRules>();

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The one translator of the app, on the server and in the browser, so both render the same text.
 * It follows i18next's conventions: {{name}} interpolation, and plural keys with _zero/_one/_two/
 * _few/_many/_other suffixes chosen by `count`. A missing key shows the key itself.
 */
export function createTranslator(messages: Messages, locale: Locale): Translate {
  return (key, vars) => {
    let text: string | undefined;
    if (vars && typeof vars.count === "number") {
      let rules = pluralRules.get(locale);
      if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
      const count = vars.count;
      text =
        (count === 0 ? lookup(messages, `${key}_zero`) : undefined) ??
        lookup(messages, `${key}_${rules.select(count)}`) ??
        lookup(messages, `${key}_other`);
    }
    text ??= lookup(messages, key) ?? key;
    if (!vars) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      name in vars ? String(vars[name]) : match,
    );
  };
}

/**
 * The texts the matched routes sent with the page: the root's shell namespaces, then each layout's
 * and the page's own (routeMessages in catalogues.server.ts), merged. `fallback` when none sent any
 * (the root loader failed).
 */
export function matchedMessages(matches: ReadonlyArray<{ data?: unknown } | undefined>, fallback: Messages = {}): Messages {
  const parts: Messages[] = [];
  for (const match of matches) {
    const data = match?.data;
    const messages = data && typeof data === "object" ? (data as { messages?: unknown }).messages : undefined;
    if (messages && typeof messages === "object") parts.push(messages as Messages);
  }
  if (parts.length === 0) return fallback;
  if (parts.length === 1) return parts[0]!;
  const merged: Messages = {};
  for (const part of parts) mergeInto(merged, part);
  return merged;
}

/** Deep: two routes may each send a part of one namespace. */
function mergeInto(target: Messages, source: Messages) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === "object" && typeof existing === "object") {
      const copy = { ...existing };
      mergeInto(copy, value);
      target[key] = copy;
    } else {
      target[key] = value;
    }
  }
}
