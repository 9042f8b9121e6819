import { getTranslator } from "~/i18n/catalogues.server";
import { defaultLocale, directionOf, type Locale } from "~/i18n/config";
import { shortened } from "~/utils/text";

/**
 * What every e-mail of the shop is made of: a plain-text part and a simple HTML part, built from
 * one list of blocks (compose), in the shopper's language (catalogue namespace "email"). Everything
 * put into the HTML is escaped; the subject is one line. The e-mails themselves:
 * account-email-templates, newsletter-email-templates, order-email-templates and
 * payment-email-templates (all in app/utils/).
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A name as it may appear in a greeting or subject: one line, no control characters. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * Text someone typed, made safe to repeat in an e-mail to someone else: escaping (compose does it)
 * keeps it from being HTML, but mail clients turn anything that looks like an address into a live
 * link on their own ("www.example.com", "example.com/x", "https://…", "name@example.com"). So the
 * shapes they look for are broken up visibly, the way security notices write addresses ("defanged"):
 * a dot between a letter or digit and a word of two or more letters becomes "[.]" (also the
 * ideographic and full-width dots some clients accept), "://" after a scheme becomes "[:]//", and
 * "@" between two characters becomes "[at]". Still readable ("example[.]com"); no client links it.
 * Ordinary text keeps its dots ("z.B.", "Nr.5", "Ende. Danke", "1.000").
 */
export function defuseLinks(value: string): string {
  return value
    .replace(/([A-Za-z][A-Za-z0-9+.-]*):\/\//g, "$1[:]//")
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=\p{L}{2})/gu, "[.]")
    .replace(/(?<=\S)[@\uFF20](?=\S)/gu, "[at]");
}

/** A link into the shop, in the e-mail's language (?lng= for all but the default). */
export function shopLink(siteUrl: string, path: string, locale: Locale, params: Record<string, string> = {}): string {
  const url = new URL(path, `${siteUrl.replace(/\/+$/, "")}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (locale !== defaultLocale) url.searchParams.set("lng", locale);
  return url.toString();
}

export type Block =
  | { type: "p"; text: string }
  | { type: "button"; label: string; href: string }
  | { type: "table"; head: string[]; rows: string[][]; foot: Array<[string, string]> }
  | { type: "small"; text: string; href?: string; linkLabel?: string }
  /** An inline image (a QR code) by Content-ID: in the HTML part only. */
  | { type: "image"; cid: string; alt: string; size: number };

/** Builds both parts from one list of blocks, so text and HTML always say the same. */
export function compose(locale: Locale, subject: string, blocks: Block[]): RenderedEmail {
  const t = getTranslator(locale);
  const dir = directionOf(locale);
  const brand = t("email.common.brand");
  const footer = t("email.common.footer");

  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "p":
        textParts.push(block.text);
        htmlParts.push(`<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`);
        break;
      case "button":
        textParts.push(`${block.label}:\n${block.href}`);
        htmlParts.push(
          `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#174ca8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(block.label)}</a></p>` +
            `<p style="margin:0 0 16px;font-size:12px;color:#475569;word-break:break-all">${escapeHtml(block.href)}</p>`,
        );
        break;
      case "table": {
        // Amounts and quantities keep their order ("12,90 €") inside a right-to-left e-mail.
        const ltr = (value: string) => `<span dir="ltr">${escapeHtml(value)}</span>`;
        const widths = block.head.map((h, i) => Math.max(h.length, ...block.rows.map((r) => (r[i] ?? "").length)));
        const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
        textParts.push(
          [line(block.head), ...block.rows.map(line), "", ...block.foot.map(([label, value]) => `${label}: ${value}`)].join("\n"),
        );
        const cell = (tag: "td" | "th", value: string, i: number) =>
          `<${tag} style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:${i === 0 ? "start" : "end"}">${i === 0 ? escapeHtml(value) : ltr(value)}</${tag}>`;
        htmlParts.push(
          `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px">` +
            `<thead><tr>${block.head.map((h, i) => cell("th", h, i)).join("")}</tr></thead>` +
            `<tbody>${block.rows.map((r) => `<tr>${r.map((c, i) => cell("td", c, i)).join("")}</tr>`).join("")}</tbody>` +
            `<tfoot>${block.foot
              .map(
                ([label, value], index) =>
                  `<tr><td colspan="${block.head.length - 1}" style="padding:6px 8px;text-align:end${index === block.foot.length - 1 ? ";font-weight:bold" : ""}">${escapeHtml(label)}</td><td style="padding:6px 8px;text-align:end${index === block.foot.length - 1 ? ";font-weight:bold" : ""}">${ltr(value)}</td></tr>`,
              )
              .join("")}</tfoot></table>`,
        );
        break;
      }
      case "image":
        htmlParts.push(
          `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(block.cid)}" alt="${escapeHtml(block.alt)}" width="${block.size}" height="${block.size}" style="display:block;width:${block.size}px;height:${block.size}px"></p>`,
        );
        break;
      case "small":
        textParts.push(block.href ? `${block.text}\n${block.href}` : block.text);
        htmlParts.push(
          `<p style="margin:16px 0 0;font-size:12px;color:#475569">${escapeHtml(block.text)}${
            block.href ? ` <a href="${escapeHtml(block.href)}" style="color:#174ca8">${escapeHtml(block.linkLabel ?? block.href)}</a>` : ""
          }</p>`,
        );
        break;
    }
  }
  textParts.push(`--\n${brand}\n${footer}`);
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#14213d">` +
    `<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;text-align:start">` +
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#174ca8">${escapeHtml(brand)}</p>` +
    htmlParts.join("") +
    `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0"><p style="margin:0;font-size:12px;color:#475569">${escapeHtml(footer)}</p>` +
    `</div></body></html>`;
  return { subject: oneLine(subject), text: `${textParts.join("\n\n")}\n`, html };
}

/**
 * How much of what a shopper typed into an order's fields an order e-mail repeats: anyone can order
 * to anyone's address, so the e-mail carries the order's fields only, each on one line and cut to
 * what a real name or address needs — never a paragraph of someone else's text, and never a link
 * (defuseLinks: a "name" such as "www.example.com" arrives as "www[.]example[.]com").
 */
const ORDER_FIELD_CHARS = { name: 60, street: 80, postalCode: 12, city: 50, country: 2 } as const;
export const orderField = (value: string, field: keyof typeof ORDER_FIELD_CHARS) => defuseLinks(shortened(oneLine(value), ORDER_FIELD_CHARS[field]));

/**
 * "Hallo {name}": the name may be what whoever filled a form typed (a sign-up, an order to someone
 * else's address), so it is one line and carries no link (defuseLinks).
 */
export function greeting(locale: Locale, name: string | undefined): string {
  const t = getTranslator(locale);
  const clean = defuseLinks(oneLine(name ?? ""));
  return clean ? t("email.common.greeting", { name: clean }) : t("email.common.greetingAnonymous");
}
