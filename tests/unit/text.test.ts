import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { CONTROL_CHARACTERS, charLength, hasControlCharacters, maxChars, minChars, plainText } from "~/utils/text";

describe("text building blocks", () => {
  it("counts characters as Postgres's char_length does (code points), not UTF-16 units", () => {
    expect(charLength("abc")).toBe(3);
    expect(charLength("😀")).toBe(1);
    expect("😀".length).toBe(2);
    expect(charLength("👍🏽".repeat(10))).toBe(20);
    expect(charLength("Straße ١٢٣")).toBe(10);
    expect(maxChars(5)("😀".repeat(5))).toBe(true);
    expect(maxChars(5)("😀".repeat(6))).toBe(false);
    expect(minChars(10)("😀".repeat(5))).toBe(false);
    expect(minChars(10)("😀".repeat(10))).toBe(true);
  });

  it("finds C0, DEL and C1 control characters; multi-line text may hold tab and line breaks only", () => {
    for (const bad of ["a\u0000b", "\u0001", "esc\u001b[31m", "del\u007f", "c1\u0085", "\u009f"]) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
      expect(hasControlCharacters(bad, { multiline: true }), JSON.stringify(bad)).toBe(true);
    }
    for (const lines of ["a\tb", "line\nline", "crlf\r\n"]) {
      expect(hasControlCharacters(lines)).toBe(true);
      expect(hasControlCharacters(lines, { multiline: true })).toBe(false);
    }
    for (const fine of ["Müller", "مرحبا", "😀 ok", "\u00a0nbsp", ""]) expect(hasControlCharacters(fine)).toBe(false);
  });

  it("plainText refuses control characters with one message, before the field's own rules", () => {
    const schema = z.object({
      email: plainText(z.string().email("invalid")),
      note: plainText(z.string().optional(), { multiline: true }),
      tags: plainText(z.array(z.string()).optional()),
    });
    const form = (entries: Array<[string, string]>) => {
      const data = new FormData();
      for (const [k, v] of entries) data.append(k, v);
      return parseWithZod(data, { schema });
    };
    expect(form([["email", "a\u0000@example.com"]]).reply().error).toEqual({ email: [CONTROL_CHARACTERS] });
    expect(form([["email", "a@example.com"], ["note", "one\r\ntwo\tthree"]]).status).toBe("success");
    expect(form([["email", "a@example.com"], ["note", "bell\u0007"]]).reply().error).toEqual({ note: [CONTROL_CHARACTERS] });
    expect(form([["email", "a@example.com"], ["tags", "ok"], ["tags", "b\u0000d"]]).reply().error).toEqual({ tags: [CONTROL_CHARACTERS] });
    // Without control characters the field's own rules answer as before.
    expect(form([["email", "nope"]]).reply().error).toEqual({ email: ["invalid"] });
  });
});
