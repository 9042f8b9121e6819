import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Supabase Auth API (GoTrue), answering the calls the shop makes in the
 * shape Supabase does: POST /auth/v1/signup, POST /auth/v1/token?grant_type=password|refresh_token,
 * GET /auth/v1/user, POST /auth/v1/logout. Tests steer it through its public fields.
 */
export interface StandInUser {
  id: string;
  email: string;
  password: string;
  metadata: Record<string, unknown>;
  confirmed: boolean;
}

export interface StandInCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown> | null;
  at: number;
}

export class SupabaseAuthStandIn {
  readonly users = new Map<string, StandInUser>();
  readonly calls: StandInCall[] = [];
  /** access token → [user id, expires_at in seconds] */
  readonly accessTokens = new Map<string, { userId: string; expiresAt: number }>();
  /** refresh token → user id (a token is spent once used, like Supabase's rotation) */
  readonly refreshTokens = new Map<string, string>();
  /** The next N refresh calls answer 503 (Supabase briefly unavailable). */
  failRefreshes = 0;
  /** The next N logout calls answer 500. */
  failLogouts = 0;
  /** Sign-ups wait for e-mail confirmation (no session) when true. */
  confirmEmail = true;
  /** Lifetime of new access tokens, seconds. */
  expiresIn = 3600;
  url = "";
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addUser(user: Omit<StandInUser, "id"> & { id?: string }): StandInUser {
    const full = { id: user.id ?? randomUUID(), ...user };
    this.users.set(full.email, full);
    return full;
  }

  /** Issues a session for a user, as a sign-in would; `expiresIn` may be negative (already expired). */
  issueSession(user: StandInUser, expiresIn = this.expiresIn) {
    const accessToken = `at-${randomUUID()}`;
    const refreshToken = `rt-${randomUUID()}`;
    const expiresAt = Math.floor(Date.now() / 1000) + expiresIn;
    this.accessTokens.set(accessToken, { userId: user.id, expiresAt });
    this.refreshTokens.set(refreshToken, user.id);
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: expiresIn,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: this.userJson(user),
    };
  }

  callsTo(path: string, grantType?: string) {
    return this.calls.filter((call) => call.path === path && (!grantType || call.query.get("grant_type") === grantType));
  }

  private userJson(user: StandInUser) {
    return {
      id: user.id,
      aud: "authenticated",
      role: "authenticated",
      email: user.email,
      email_confirmed_at: user.confirmed ? new Date().toISOString() : null,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: user.metadata,
      identities: [],
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
  }

  private userByAccessToken(req: IncomingMessage): StandInUser | null {
    const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    const entry = this.accessTokens.get(token);
    if (!entry || entry.expiresAt <= Date.now() / 1000) return null;
    return [...this.users.values()].find((user) => user.id === entry.userId) ?? null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    this.calls.push({ method: req.method ?? "", path: url.pathname, query: url.searchParams, headers: req.headers, body, at: Date.now() });
    const send = (status: number, json?: unknown) => {
      res.writeHead(status, json === undefined ? {} : { "Content-Type": "application/json" });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    const error = (status: number, code: string, msg: string) => send(status, { code: status, error_code: code, msg });

    if (req.headers.apikey !== "anon-key") return error(401, "no_authorization", "Invalid API key");

    if (req.method === "POST" && url.pathname === "/auth/v1/signup") {
      const email = String(body?.email ?? "").toLowerCase();
      const password = String(body?.password ?? "");
      if (!email || !password) return error(400, "validation_failed", "Signup requires a valid password");
      if (password.length < 6) return error(422, "weak_password", "Password should be at least 6 characters.");
      if (this.users.has(email)) return error(422, "user_already_exists", "User already registered");
      const user = this.addUser({ email, password, metadata: (body?.data as Record<string, unknown>) ?? {}, confirmed: !this.confirmEmail });
      return send(200, this.confirmEmail ? this.userJson(user) : this.issueSession(user));
    }

    if (req.method === "POST" && url.pathname === "/auth/v1/token") {
      const grant = url.searchParams.get("grant_type");
      if (grant === "password") {
        const user = this.users.get(String(body?.email ?? "").toLowerCase());
        if (!user || user.password !== body?.password) return error(400, "invalid_credentials", "Invalid login credentials");
        if (!user.confirmed) return error(400, "email_not_confirmed", "Email not confirmed");
        return send(200, this.issueSession(user));
      }
      if (grant === "refresh_token") {
        if (this.failRefreshes > 0) {
          this.failRefreshes--;
          return error(503, "unexpected_failure", "Service temporarily unavailable");
        }
        const token = String(body?.refresh_token ?? "");
        const userId = this.refreshTokens.get(token);
        if (!userId) return error(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        this.refreshTokens.delete(token);
        const user = [...this.users.values()].find((candidate) => candidate.id === userId)!;
        return send(200, this.issueSession(user));
      }
      return error(400, "unsupported_grant_type", "Unsupported grant type");
    }

    if (req.method === "GET" && url.pathname === "/auth/v1/user") {
      const user = this.userByAccessToken(req);
      return user ? send(200, this.userJson(user)) : error(401, "bad_jwt", "invalid JWT: token is expired");
    }

    if (req.method === "POST" && url.pathname === "/auth/v1/logout") {
      if (this.failLogouts > 0) {
        this.failLogouts--;
        return error(500, "unexpected_failure", "Internal server error");
      }
      const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
      if (!this.userByAccessToken(req)) return error(401, "bad_jwt", "invalid JWT");
      this.accessTokens.delete(token);
      return send(204);
    }

    return error(404, "not_found", "Not found");
  }
}
