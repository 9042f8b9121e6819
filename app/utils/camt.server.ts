import { createHash } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { findCreditorReferences, parseCreditorReference } from "./creditor-reference";
import { pacer } from "./pace.server";
import { orderNumberFromQrReference } from "./qr-reference";

/**
 * ISO 20022 bank statements: camt.053 (bank-to-customer statement) and camt.054 (debit/credit
 * notification), any version (the namespace names it: camt.053.001.02 as German banks send it,
 * camt.053.001.08 as Swiss banks do, …). Reads every booked credit with what matching needs: its
 * amount and currency, booking and value date, a unique reference, the structured reference (an
 * ISO 11649 RF reference or a Swiss QR reference), the free text and the debtor's name. A batch
 * booking (several TxDtls under one Ntry, each with its amount) gives one credit per transaction:
 * each is its own credit even when the bank gives all of them the entry's reference, and when the
 * transactions' amounts do not add up to the entry's, each is marked `unbalanced` (to be checked,
 * never applied). Two identical credits without a bank reference stay two credits.
 *
 * Cooperative: the entries are cut out of the text and read in steps of ENTRIES_PER_STEP, with a
 * pause between steps as long as the step (utils/pace.server.ts), so a file of 100 000 entries never
 * holds up the server's other requests (one fast-xml-parser call over a 10 MB file took 5 s of one thread).
 *
 * Safety: the XML is parsed by fast-xml-parser with entity processing off; a file with a DOCTYPE
 * (the only place entities, internal or external, can be declared) is refused before parsing.
 * Pure (no I/O): the caller reads the upload and stores what comes out.
 */

/** A statement may hold at most this many entries (Ntry); more is refused, nothing read. */
export const MAX_STATEMENT_ENTRIES = 100_000;
/** The largest statement file taken (bytes). */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
/** The largest amount one credit may carry (cents): numeric(12, 2). */
const MAX_CREDIT_CENTS = 9_999_999_999;

export type CamtKind = "camt.053" | "camt.054";

export interface StatementCredit {
  /** The entry's unique reference: the bank's (AcctSvcrRef / NtryRef / TxDtls' refs), else a hash of the entry. */
  entryRef: string;
  /** The statement's account (IBAN, or the bank's other id); "" when the file names none. */
  account: string;
  /** Cents, positive. */
  amount: number;
  /** ISO 4217, as the bank wrote it. */
  currency: string;
  /** YYYY-MM-DD. */
  bookingDate: string;
  valueDate: string | null;
  /** The structured reference (RmtInf/Strd/CdtrRefInf/Ref): an RF or a QR reference, as sent. */
  reference: string | null;
  /** The unstructured remittance text (RmtInf/Ustrd, and Strd/AddtlRmtInf), joined. */
  remittance: string | null;
  debtorName: string | null;
  /** The transactions of its batch entry do not add up to the entry's amount: listed for checking, never applied. */
  unbalanced: boolean;
}

export interface ParsedStatement {
  kind: CamtKind;
  /** The namespace's version ("001.02", "001.08"). */
  version: string;
  /** GrpHdr/MsgId. */
  messageId: string | null;
  /** Every entry of the file (credits and debits, booked or not). */
  entries: number;
  credits: StatementCredit[];
}

export type CamtProblem =
  | { reason: "notXml" }
  | { reason: "doctype" }
  | { reason: "broken" }
  | { reason: "notCamt" }
  | { reason: "tooManyEntries"; max: number }
  | { reason: "invalidEntry"; entry: number };

export type CamtResult = { ok: true; statement: ParsedStatement } | ({ ok: false } & CamtProblem);

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.(\d{3}\.\d{2})$/;
const CONTAINER: Record<CamtKind, { message: string; items: string }> = {
  "camt.053": { message: "BkToCstmrStmt", items: "Stmt" },
  "camt.054": { message: "BkToCstmrDbtCdtNtfctn", items: "Ntfctn" },
};

/** Elements that may repeat: always arrays, so one and many read alike. */
const REPEATED = new Set(["Stmt", "Ntfctn", "Ntry", "NtryRun", "NtryDtls", "TxDtls", "Ustrd", "Strd", "AddtlRmtInf"]);

/** XML's own five entities and character references: all the text of a statement may hold (no DTD, no others). */
function decodeCharacters(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (named[name]) return named[name];
    const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

const parser = new XMLParser({
  // Entities are never expanded (no billion laughs, no external entities); DOCTYPEs are refused before.
  processEntities: false,
  htmlEntities: false,
  removeNSPrefix: true,
  // Only the attribute that carries meaning here: the currency of an amount.
  ignoreAttributes: (name) => name !== "Ccy",
  attributeNamePrefix: "@",
  // Amounts, references and ids stay text: "0012" and "1.10" must not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  tagValueProcessor: (_name, value) => decodeCharacters(value),
  isArray: (name) => REPEATED.has(name),
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
});

type Node = Record<string, unknown>;

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (current === null || typeof current !== "object") return undefined;
    const next: unknown = (current as Node)[name];
    current = Array.isArray(next) ? next[0] : next;
  }
  return current;
}

function list(node: unknown, name: string): unknown[] {
  if (node === null || typeof node !== "object") return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** An element's text ("#text" when it also has attributes), trimmed; null when absent or empty. */
function text(node: unknown, ...path: string[]): string | null {
  const value = child(node, ...path);
  const raw = typeof value === "string" ? value : value && typeof value === "object" ? (value as Node)["#text"] : undefined;
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const clean = String(raw).trim();
  return clean === "" ? null : clean;
}

/** Cents of an ISO 20022 amount ("1234.5"), or null when it is not a positive decimal within numeric(12, 2). */
export function amountCents(value: string | null): number | null {
  if (!value) return null;
  const match = /^(\d{1,10})(?:\.(\d{1,5}))?$/.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (/[1-9]/.test(fraction.slice(2))) return null; // more than cents
  const cents = Number(match[1]) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return cents > 0 && cents <= MAX_CREDIT_CENTS ? cents : null;
}

/** YYYY-MM-DD of an ISO date or date-time, or null. */
function isoDate(value: string | null): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0] ? null : match[0];
}

function dateOf(node: unknown): string | null {
  return isoDate(text(node, "Dt")) ?? isoDate(text(node, "DtTm"));
}

/** The status of an entry: "BOOK" in .001.02 (<Sts>BOOK</Sts>) and in .001.08 (<Sts><Cd>BOOK</Cd></Sts>). */
function statusOf(entry: unknown): string | null {
  return text(entry, "Sts") ?? text(entry, "Sts", "Cd");
}

/** The bytes as text: UTF-8 (what ISO 20022 prescribes), or Latin-1 when the declaration says so. */
function decode(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = /^\uFEFF?<\?xml[^>]*encoding\s*=\s*["']([\w.-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  const latin = declared && ["iso-8859-1", "latin1", "iso8859-1", "windows-1252", "cp1252", "iso-8859-15"].includes(declared);
  try {
    return new TextDecoder(latin ? "windows-1252" : "utf-8", { fatal: !latin }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

/** Entries counted in the raw text, before anything is built from it (a cheap bound on the work). */
function countEntryTags(xml: string): number {
  let count = 0;
  for (const _ of xml.matchAll(/<(?:[A-Za-z_][\w.-]*:)?Ntry[\s>/]/g)) count += 1;
  return count;
}

/**
 * The root element: its name (without prefix), its prefix and the namespace that prefix (or the
 * default) is bound to on it. The prolog before it (XML declaration, comments, processing
 * instructions, whitespace) is skipped; a "<Document" inside a comment is not the root.
 */
function rootElement(xml: string): { name: string; prefix: string; namespace: string | null } | null {
  let at = 0;
  for (;;) {
    while (at < xml.length && /\s/.test(xml[at]!)) at += 1;
    if (xml.startsWith("<?", at)) {
      const end = xml.indexOf("?>", at + 2);
      if (end < 0) return null;
      at = end + 2;
    } else if (xml.startsWith("<!--", at)) {
      const end = xml.indexOf("-->", at + 4);
      if (end < 0) return null;
      at = end + 3;
    } else break;
  }
  const tag = /^<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)((?:\s[^>]*)?)\/?>/.exec(xml.slice(at, at + 4096));
  if (!tag) return null;
  const prefix = tag[1] ?? "";
  const attribute = prefix ? `xmlns:${prefix}` : "xmlns";
  const bound = new RegExp(`\\s${attribute.replace(/\./g, "\\.")}\\s*=\\s*(["'])([^"']*)\\1`).exec(tag[3] ?? "");
  return { name: tag[2]!, prefix, namespace: bound?.[2]?.trim() ?? null };
}

/** Entries read per step; the server pauses for other work between steps. */
export const ENTRIES_PER_STEP = 1000;


/** Where each entry (Ntry element) is in the text: [start, end) of its whole element. */
function entrySpans(xml: string, prefix: string): Array<[number, number]> | null {
  const spans: Array<[number, number]> = [];
  const open = new RegExp(`<${prefix ? `${prefix}:` : ""}Ntry(?=[\\s>/])`, "g");
  const close = `</${prefix ? `${prefix}:` : ""}Ntry>`;
  for (let match = open.exec(xml); match; match = open.exec(xml)) {
    const tagEnd = xml.indexOf(">", match.index);
    if (tagEnd < 0) return null;
    if (xml[tagEnd - 1] === "/") {
      spans.push([match.index, tagEnd + 1]);
      open.lastIndex = tagEnd + 1;
      continue;
    }
    const end = xml.indexOf(close, tagEnd);
    if (end < 0) return null;
    spans.push([match.index, end + close.length]);
    open.lastIndex = end + close.length;
  }
  return spans;
}

export interface ReadProgress {
  /** Entries read so far, and in all. */
  read: number;
  total: number;
}

/**
 * Reads a camt.053 / camt.054 file. Refused, with nothing read: text that is not XML, a DOCTYPE,
 * XML that does not parse, XML whose root is not a camt.053/054 document, more than
 * MAX_STATEMENT_ENTRIES entries, and a credit whose amount, currency or date cannot be read.
 *
 * In steps: the text around the entries (the skeleton: header, statements, accounts) is checked
 * and read first, with a marker where each run of entries was; then the entries, ENTRIES_PER_STEP
 * at a time, each step checked as XML on its own and read, with a pause for other work between (pacer).
 */
export async function parseCamt(bytes: Uint8Array, options: ReadOptions = {}): Promise<CamtResult> {
  const opened = openCamt(bytes);
  return opened.ok ? opened.read(options) : opened;
}

export interface ReadOptions {
  /** Told after each step of entries read. */
  onProgress?: (progress: ReadProgress) => void | Promise<void>;
}

export type OpenedCamt =
  | { ok: true; kind: CamtKind; version: string; entryCount: number; read: (options?: ReadOptions) => Promise<CamtResult> }
  | ({ ok: false } & CamtProblem);

/**
 * The cheap first look at a file (no XML parsed yet): its text, no DOCTYPE, at most
 * MAX_STATEMENT_ENTRIES entries, a camt.053/054 root. `read` then reads it in steps.
 */
export function openCamt(bytes: Uint8Array): OpenedCamt {
  const xml = decode(bytes);
  if (xml === null || !/^\s*</.test(xml)) return { ok: false, reason: "notXml" };
  // Entities (billion laughs, external entities) can only be declared in a DOCTYPE: none is taken.
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) return { ok: false, reason: "doctype" };
  const entryCount = countEntryTags(xml);
  if (entryCount > MAX_STATEMENT_ENTRIES) return { ok: false, reason: "tooManyEntries", max: MAX_STATEMENT_ENTRIES };
  const root = rootElement(xml);
  if (!root) return { ok: false, reason: /^\s*<[A-Za-z?!]/.test(xml) ? "broken" : "notXml" };
  const version = root.name === "Document" && root.namespace ? NAMESPACE.exec(root.namespace) : null;
  // The root decides what the file is: another document is not read further.
  if (!version) return { ok: false, reason: "notCamt" };
  const kind = `camt.${version[1]}` as CamtKind;
  return { ok: true, kind, version: version[2]!, entryCount, read: (options = {}) => readCamt(xml, root.prefix, kind, version[2]!, options) };
}

async function readCamt(xml: string, prefix: string, kind: CamtKind, version: string, options: ReadOptions): Promise<CamtResult> {
  const spans = entrySpans(xml, prefix);
  if (!spans) return { ok: false, reason: "broken" };
  // The skeleton: each run of adjacent entries (whitespace between them) replaced by a marker naming the run.
  const runs: Array<Array<[number, number]>> = [];
  const skeleton: string[] = [];
  let from = 0;
  for (const span of spans) {
    const between = xml.slice(from, span[0]);
    const last = runs[runs.length - 1];
    if (last && from > 0 && /^\s*$/.test(between) && from === last[last.length - 1]![1]) last.push(span);
    else {
      skeleton.push(between, `<NtryRun>${runs.length}</NtryRun>`);
      runs.push([span]);
    }
    from = span[1];
  }
  skeleton.push(xml.slice(from));
  const frame = skeleton.join("");
  if (XMLValidator.validate(frame) !== true) return { ok: false, reason: "broken" };
  let tree: Node;
  try {
    tree = parser.parse(frame) as Node;
  } catch {
    return { ok: false, reason: "broken" };
  }
  const message = child(tree, "Document", CONTAINER[kind].message);
  if (!message || typeof message !== "object") return { ok: false, reason: "notCamt" };
  const created = isoDate(text(message, "GrpHdr", "CreDtTm"));
  const credits: StatementCredit[] = [];
  const occurrences = new Map<string, number>();
  const pause = pacer();
  let entries = 0;
  for (const statement of list(message, CONTAINER[kind].items)) {
    const account = text(statement, "Acct", "Id", "IBAN") ?? text(statement, "Acct", "Id", "Othr", "Id") ?? "";
    // An entry the skeleton still holds (a marker could not take it) would be read without its step's checks.
    if (list(statement, "Ntry").length > 0) return { ok: false, reason: "broken" };
    for (const marker of list(statement, "NtryRun")) {
      const run = runs[Number(text(marker))];
      if (!run) return { ok: false, reason: "broken" };
      for (let start = 0; start < run.length; start += ENTRIES_PER_STEP) {
        const step = run.slice(start, start + ENTRIES_PER_STEP);
        const chunk = `<Step>${xml.slice(step[0]![0], step[step.length - 1]![1])}</Step>`;
        if (XMLValidator.validate(chunk) !== true) return { ok: false, reason: "broken" };
        let part: Node;
        try {
          part = parser.parse(chunk) as Node;
        } catch {
          return { ok: false, reason: "broken" };
        }
        const read = list(child(part, "Step"), "Ntry");
        if (read.length !== step.length) return { ok: false, reason: "broken" };
        for (const entry of read) {
          // At most MAX_STATEMENT_ENTRIES: openCamt counted every Ntry tag (of any prefix) before.
          entries += 1;
          if (text(entry, "CdtDbtInd") !== "CRDT") continue;
          if (reversed(entry)) continue;
          const status = statusOf(entry);
          // camt.053 entries are booked; a notification's may be pending or "info" only.
          if (status !== null && status !== "BOOK") continue;
          const credited = readEntry(entry, { account, created, occurrences });
          if (!credited) return { ok: false, reason: "invalidEntry", entry: entries };
          credits.push(...credited);
        }
        await options.onProgress?.({ read: entries, total: spans.length });
        await pause();
      }
    }
  }
  // Entries outside every statement (Stmt / Ntfctn) are not read: count them as the file's all the same.
  entries = Math.max(entries, spans.length);
  return { ok: true, statement: { kind, version, messageId: text(message, "GrpHdr", "MsgId"), entries, credits } };
}

/** RvslInd is an xs:boolean: "true" and "1" both say the entry reverses an earlier one. */
function reversed(entry: unknown): boolean {
  const value = text(entry, "RvslInd")?.toLowerCase();
  return value === "true" || value === "1";
}

function usable(reference: string | null): string | null {
  return reference && reference.toUpperCase() !== "NOTPROVIDED" && reference.toUpperCase() !== "NONREF" ? reference : null;
}

/** The amount a transaction names, in cents, when it names one in `currency`; else null. */
function transactionAmount(tx: unknown, currency: string): number | null {
  const own = child(tx, "Amt") ?? child(tx, "AmtDtls", "TxAmt", "Amt");
  const ccy = own && typeof own === "object" ? (own as Node)["@Ccy"] : undefined;
  return ccy === currency ? amountCents(text(own)) : null;
}

function readEntry(
  entry: unknown,
  context: { account: string; created: string | null; occurrences: Map<string, number> },
): StatementCredit[] | null {
  const amount = amountCents(text(entry, "Amt"));
  const currency = (child(entry, "Amt") as Node | undefined)?.["@Ccy"];
  // The booking date, else (camt.054 may leave it out) the value date, else the message's date; one given but unreadable is an error.
  const booked = child(entry, "BookgDt");
  const bookingDate = booked !== undefined ? dateOf(booked) : (dateOf(child(entry, "ValDt")) ?? context.created);
  if (amount === null || typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency) || !bookingDate) return null;
  const valueDate = dateOf(child(entry, "ValDt"));
  const entryRef = usable(text(entry, "AcctSvcrRef")) ?? usable(text(entry, "NtryRef"));
  const transactions = list(entry, "NtryDtls").flatMap((details) => list(details, "TxDtls"));
  const credits = transactions.filter((tx) => text(tx, "CdtDbtInd") !== "DBIT");
  const amounts = credits.map((tx) => transactionAmount(tx, currency));
  // A batch: one credit per transaction, when each names its amount in the entry's currency.
  const split = credits.length > 1 && amounts.every((value) => value !== null);
  const parts = split ? credits : [credits[0]];
  // The transactions must add up to what was booked (debit transactions in a credit entry count against it).
  const debits = transactions.filter((tx) => text(tx, "CdtDbtInd") === "DBIT").map((tx) => transactionAmount(tx, currency));
  const net = amounts.reduce<number>((sum, value) => sum + (value ?? 0), 0) - debits.reduce<number>((sum, value) => sum + (value ?? Number.NaN), 0);
  const unbalanced = split && net !== amount;
  // A transaction's own bank reference names it only when no other transaction of the entry has it,
  // and it is not the entry's own (Swiss banks give every transaction of a batch the entry's AcctSvcrRef).
  const owns = parts.map((tx) => usable(text(tx, "Refs", "AcctSvcrRef")));
  const ownsName = owns.every((own) => own !== null && (!split || own !== entryRef) && owns.indexOf(own) === owns.lastIndexOf(own));
  return parts.map((tx, index) => {
    const remittance = [
      ...list(child(tx, "RmtInf"), "Ustrd").map((line) => text(line)),
      ...list(child(tx, "RmtInf"), "Strd").flatMap((strd) => list(strd, "AddtlRmtInf").map((line) => text(line))),
      text(entry, "AddtlNtryInf"),
    ].filter((line): line is string => line !== null);
    const structured = list(child(tx, "RmtInf"), "Strd")
      .map((strd) => text(strd, "CdtrRefInf", "Ref"))
      .find((ref): ref is string => ref !== null) ?? null;
    const debtorName =
      text(tx, "RltdPties", "Dbtr", "Nm") ?? text(tx, "RltdPties", "Dbtr", "Pty", "Nm") ??
      text(tx, "RltdPties", "UltmtDbtr", "Nm") ?? text(tx, "RltdPties", "UltmtDbtr", "Pty", "Nm");
    const credit: Omit<StatementCredit, "entryRef"> = {
      account: context.account,
      amount: split ? amounts[index]! : amount,
      currency,
      bookingDate,
      valueDate,
      reference: structured ? structured.replace(/\s+/g, "").slice(0, 35) : null,
      remittance: remittance.length > 0 ? remittance.join(" ").slice(0, 1000) : null,
      debtorName: debtorName ? debtorName.slice(0, 140) : null,
      unbalanced,
    };
    const base = ownsName ? owns[index]! : entryRef ? (split ? `${entryRef}#${index + 1}` : entryRef) : null;
    if (base) return { entryRef: base.slice(0, 200), ...credit };
    // No reference of the bank's: what the credit says, and which of the file's identical credits it is
    // (the first keeps the bare hash, as before; a second identical payment is a payment of its own).
    const hash = `hash:${entryHash(credit, tx, index)}`;
    const seen = (context.occurrences.get(hash) ?? 0) + 1;
    context.occurrences.set(hash, seen);
    return { entryRef: seen === 1 ? hash : `${hash}:${seen}`, ...credit };
  });
}

/** An entry without a reference of the bank's: a hash of what it says (the same file gives the same hash). */
function entryHash(credit: Omit<StatementCredit, "entryRef">, tx: unknown, index: number): string {
  const endToEnd = text(tx, "Refs", "EndToEndId") ?? "";
  const parts = [credit.account, credit.bookingDate, credit.valueDate, credit.amount, credit.currency, credit.reference, credit.remittance, credit.debtorName, endToEnd, index];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 40);
}

const ORDER_NUMBER = /^[0-9A-F]{8}$/;

/**
 * The order numbers a credit names, best first: its structured reference (RF or QR), then every
 * valid RF reference in its free text. Only what validates counts: a tampered reference names nothing.
 */
export function orderNumbersOf(credit: Pick<StatementCredit, "reference" | "remittance">): string[] {
  const found: string[] = [];
  if (credit.reference) {
    const body = parseCreditorReference(credit.reference) ?? orderNumberFromQrReference(credit.reference);
    if (body) found.push(body);
  }
  if (credit.remittance) found.push(...findCreditorReferences(credit.remittance));
  return [...new Set(found)].filter((body) => ORDER_NUMBER.test(body));
}

/** The fingerprint of an uploaded file: the same bytes, the same import. */
export function fileHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
