import { z } from "zod";

/*
 * The building blocks every form's text fields share (Zod schemas of the server and, where a schema
 * also runs in the browser, of the browser):
 * - control characters (a NUL byte makes Postgres fail; an escape sequence has no place in a name)
 *   are refused with one clear message, before any other rule runs;
 * - lengths are counted as Postgres's char_length counts them: in code points. JavaScript's
 *   `.length` (and Zod's min/max) counts UTF-16 units, so an emoji is 2 there and 1 in SQL.
 */

/** The catalogue key of the message for text with control characters. */
export const CONTROL_CHARACTERS = "common.error.controlCharacters";

/** C0 controls, DEL and C1 controls; multi-line text may hold tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value);
}

/** Characters as Postgres counts them (char_length): code points, so an emoji counts 1. */
export function charLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** `value` cut to at most `max` characters (code points), ending in "…" when it was cut. */
export function shortened(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max ? value : `${chars.slice(0, Math.max(0, max - 1)).join("").trimEnd()}…`;
}

/** For `.refine(maxChars(200), message)`: at most `max` characters, counted like char_length. */
export function maxChars(max: number) {
  return (value: string) => charLength(value) <= max;
}

/** For `.refine(minChars(10), message)`: at least `min` characters, counted like char_length. */
export function minChars(min: number) {
  return (value: string) => charLength(value) >= min;
}

/**
 * A form's text field: `schema` runs only on text without control characters; text with them is
 * refused with CONTROL_CHARACTERS alone (not a pile of messages). `multiline` allows tab and line
 * breaks (a textarea). Also checks every text of a repeated field (an array).
 */
export function plainText<T extends z.ZodTypeAny>(schema: T, options: { multiline?: boolean } = {}) {
  const checked = z.preprocess((value, ctx) => {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === "string" && hasControlCharacters(text, options))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CONTROL_CHARACTERS, fatal: true });
    }
    return value;
  }, schema);
  // The value passes through unchanged: the field's input type stays the schema's (forms infer it).
  return checked as unknown as z.ZodEffects<T, z.output<T>, z.input<T>>;
}
