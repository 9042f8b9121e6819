/**
 * ISO 11649 creditor references ("RF" + two check digits + up to 21 letters and digits), the
 * payment reference of every bank-transfer order: RF + check digits + the order number. Check
 * digits are ISO 7064 MOD 97-10 as for an IBAN: the reference with "RF00" moved to its end, letters
 * as numbers (A = 10 … Z = 35), 98 minus the remainder by 97. Browser-safe.
 */

const BODY = /^[0-9A-Z]{1,21}$/;

/** The number ISO 7064 computes with: letters as 10–35, remainder by 97 taken piece by piece. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The creditor reference for a body (an order number): "RF18539007547034". Throws on a body ISO 11649 does not allow. */
export function creditorReference(body: string): string {
  const clean = body.toUpperCase();
  if (!BODY.test(clean)) throw new Error(`not a creditor reference body: ${body}`);
  const check = 98 - mod97(`${clean}RF00`);
  return `RF${String(check).padStart(2, "0")}${clean}`;
}

/** A reference as people print it: groups of four ("RF18 5390 0754 7034"). */
export function formatCreditorReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * The body (order number) of a valid creditor reference, or null. Spaces are ignored and case is
 * folded, as banks pass references on; a wrong check digit, a wrong length or a foreign character is null.
 */
export function parseCreditorReference(text: string): string | null {
  const clean = text.replace(/\s+/g, "").toUpperCase();
  const match = /^RF(\d{2})([0-9A-Z]{1,21})$/.exec(clean);
  if (!match) return null;
  return mod97(`${match[2]}RF${match[1]}`) === 1 ? match[2]! : null;
}

/**
 * Every valid creditor reference in a free text (a statement's remittance line: "Order RF18 5390
 * 0754 7034, thanks"), as bodies, in order of appearance, without repeats. References may be
 * written in groups of four. Where a reference runs into the next word ("RF18…7034THANKS"), every
 * valid reading is returned: the caller keeps the one that names an order.
 */
export function findCreditorReferences(text: string): string[] {
  const found: string[] = [];
  // A lookahead, so that a reference the previous candidate ran into is tried from its own start too.
  for (const candidate of text.toUpperCase().matchAll(/(?=(RF\s?\d{2}(?:\s?[0-9A-Z]){1,21}))/g)) {
    const raw = candidate[1]!.replace(/\s+/g, "");
    for (let end = 5; end <= raw.length; end += 1) {
      const body = parseCreditorReference(raw.slice(0, end));
      if (body && !found.includes(body)) found.push(body);
    }
  }
  return found;
}
