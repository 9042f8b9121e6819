import type { Request, Response } from "express";

/** The texts a refusal page needs, in the visitor's language. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;
export type TranslatorFor = (locale: string | undefined) => Translate;

const LOCALES = ["de", "en", "fr", "ar"];

/** The visitor's language from the `lng` cookie or Accept-Language (German otherwise), without the app. */
export function localeOf(req: Request): string {
  const cookie = req.headers.cookie?.match(/(?:^|;\s*)lng=([a-z]{2})/)?.[1];
  if (cookie && LOCALES.includes(cookie)) return cookie;
  const accepted = req.headers["accept-language"]?.slice(0, 2).toLowerCase();
  return accepted && LOCALES.includes(accepted) ? accepted : "de";
}

const LINGER_MS = 2_000;

function hasUnreadBody(req: Request): boolean {
  const length = Number(req.headers["content-length"] ?? 0);
  return (length > 0 || req.headers["transfer-encoding"] !== undefined) && !req.readableEnded;
}

/**
 * Answers without reading the request's body, and closes the connection politely: Node would end
 * and destroy a `Connection: close` socket as soon as the answer is written, and a client still
 * sending its body then gets a reset instead of our answer (curl: no status; fetch: EPIPE). So the
 * socket is half-closed after the answer and whatever still arrives is read and dropped — never
 * kept — for at most LINGER_MS, then it is closed.
 */
function closeWithoutReading(req: Request, res: Response) {
  res.setHeader("Connection", "close");
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  req.on("data", () => {});
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A refusal the server gives before the app runs (403, 400, 405, 411, 413, 415): a short page in the
 * visitor's language when a browser asks for HTML, plain text otherwise (with a title: "title:
 * message"; without: the message alone).
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  text: { title?: string; message: string; home: string; locale: string },
  headers: Record<string, string> = {},
) {
  if (hasUnreadBody(req)) closeWithoutReading(req, res);
  const wantsHtml = (req.headers.accept ?? "").includes("text/html");
  const heading = text.title ?? text.message;
  const body = wantsHtml
    ? `<!doctype html><html lang="${text.locale}" dir="${text.locale === "ar" ? "rtl" : "ltr"}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} – ${escapeHtml(heading)}</title><main style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(heading)}</h1>${text.title ? `<p>${escapeHtml(text.message)}</p>` : ""}<p><a href="/">${escapeHtml(text.home)}</a></p></main></html>`
    : text.title
      ? `${text.title}: ${text.message}`
      : text.message;
  res
    .status(status)
    .set({
      "Content-Type": wantsHtml ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    })
    .send(body);
}
