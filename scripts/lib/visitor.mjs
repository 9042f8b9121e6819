// A shopper for the measuring scripts (bench, stress): keeps the cookies the server sets, posts
// forms the way a browser without JavaScript does (same Origin), and throws on an error answer
// unless asked for the answer whatever it is.

export class Visitor {
  constructor(base, name = "visitor") {
    this.base = base;
    this.name = name;
    this.cookies = new Map();
  }

  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keepCookies(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** GET or POST (form: url-encoded fields); `any`: return error answers instead of throwing. */
  async request(pathname, { method = "GET", form, any = false, signal, headers: extra = {} } = {}) {
    const headers = { connection: "close", ...extra };
    if (this.cookies.size) headers.cookie = this.header;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = this.base;
    }
    const started = performance.now();
    const response = await fetch(this.base + pathname, {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
      signal,
    });
    this.keepCookies(response);
    const body = await response.text();
    const ms = performance.now() - started;
    if (!any && response.status >= 400) throw new Error(`${this.name}: ${method} ${pathname} answered ${response.status}: ${body.slice(0, 300)}`);
    return { status: response.status, body, headers: response.headers, ms };
  }

  /** Opens a page once more, so a flash toast left by the last post is shown and gone. */
  settle() {
    return this.request("/about");
  }
}

/** Runs `fn` with a one-connection postgres-js client on `url`. */
export async function withPostgres(url, fn) {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(async (text, params = []) => [...(await sql.unsafe(text, params))]);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A fresh database on the Postgres server of `url`, for one run; drop() removes it. */
export async function createScratchDatabase(url, prefix) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await withPostgres(url, (query) => query(`create database ${name}`));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return { name, url: databaseUrl.toString(), drop: () => withPostgres(url, (query) => query(`drop database if exists ${name} with (force)`)) };
}
