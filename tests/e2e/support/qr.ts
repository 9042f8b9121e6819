import jsQR from "jsqr";
import { PNG } from "pngjs";

/**
 * Reading QR codes the way a banking app does: from pixels. decodeQrPng takes a PNG (a screenshot
 * of the page's code, the e-mail's attachment) and returns the text it carries, or null.
 */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  if (!code) return null;
  // jsQR gives bytes as they are; the GiroCode and the QR-bill both declare UTF-8.
  return Buffer.from(code.binaryData).toString("utf8");
}

/** A GiroCode's fields (EPC069-12, version 002) by name. */
export function epcFields(payload: string) {
  const lines = payload.split(/\r?\n/);
  return {
    serviceTag: lines[0],
    version: lines[1],
    charset: lines[2],
    identification: lines[3],
    bic: lines[4],
    name: lines[5],
    iban: lines[6],
    amount: lines[7],
    purpose: lines[8],
    reference: lines[9],
    remittance: lines[10] ?? "",
    lineCount: lines.length,
  };
}

/** A Swiss QR-bill's fields (SPC 0200, IG QR-bill 2.3, 4.3.3) by name. */
export function spcFields(payload: string) {
  const l = payload.split(/\r?\n/);
  return {
    qrType: l[0],
    version: l[1],
    coding: l[2],
    iban: l[3],
    creditor: { addressType: l[4], name: l[5], street: l[6], building: l[7], postalCode: l[8], city: l[9], country: l[10] },
    ultimateCreditor: l.slice(11, 18),
    amount: l[18],
    currency: l[19],
    debtor: { addressType: l[20], name: l[21], street: l[22], building: l[23], postalCode: l[24], city: l[25], country: l[26] },
    referenceType: l[27],
    reference: l[28],
    message: l[29],
    trailer: l[30],
  };
}

/**
 * The image parts of a raw MIME message (as an SMTP server receives it) that carry a Content-ID:
 * what a mail client shows for `<img src="cid:…">`. A small reader for the one shape nodemailer
 * writes (base64 parts between boundary lines).
 */
export function inlineImageParts(raw: string): Array<{ cid: string; contentType: string; disposition: string; data: Buffer }> {
  const parts: Array<{ cid: string; contentType: string; disposition: string; data: Buffer }> = [];
  for (const chunk of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = chunk.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
    const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(head)?.[1]?.trim() ?? "";
    const cid = header("Content-ID").replace(/^<|>$/g, "");
    const contentType = header("Content-Type");
    if (!cid || !/^image\//i.test(contentType)) continue;
    if (!/base64/i.test(header("Content-Transfer-Encoding"))) throw new Error(`unexpected encoding of part ${cid}`);
    parts.push({ cid, contentType, disposition: header("Content-Disposition"), data: Buffer.from(chunk.slice(split).replace(/\s+/g, ""), "base64") });
  }
  return parts;
}
