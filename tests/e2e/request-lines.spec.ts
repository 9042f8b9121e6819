import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startShopServer } from "./support/shop-server";

/*
 * Request lines no browser sends (TRACE, CONNECT, OPTIONS *, a target in absolute form) against the
 * production server: a 405 for a method the shop does not serve, a 400 for a target that is no
 * path, our own host in absolute form served as its path, and never a 500 or a stack trace in the
 * server's log. Sent over a raw socket: HTTP clients normalise most of these away. No browser
 * involved: one project.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "raw HTTP: the js project");

function raw(port: number, requestLine: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${requestLine}\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`));
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
  });
}

test("odd request lines get 405 or 400, never a 500 with a stack trace", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-request-lines-"));
  const server = await startShopServer({ DATA_DIR: dataDir });
  try {
    const port = Number(new URL(server.url).port);
    const cases: Array<[string, number]> = [
      ["TRACE / HTTP/1.1", 405],
      ["TRACE /products HTTP/1.1", 405],
      ["CONNECT evil.example:443 HTTP/1.1", 405],
      ["OPTIONS * HTTP/1.1", 405],
      ["OPTIONS / HTTP/1.1", 405],
      ["PROPFIND / HTTP/1.1", 405],
      ["GET * HTTP/1.1", 400],
      ["GET http://evil.example/ HTTP/1.1", 400],
      ["GET foo HTTP/1.1", 400],
      // Our own host in absolute form (RFC 9112 §3.2.2): the page at its path.
      [`GET http://localhost:${port}/about HTTP/1.1`, 200],
    ];
    const seen: Array<[string, number]> = [];
    for (const [line] of cases) seen.push([line, (await raw(port, line)).status]);
    expect(seen).toEqual(cases);
    // The server still serves, and its log has no failure for any of these.
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
    const log = server.output();
    expect(log, "stack traces in the server's log").not.toMatch(/\n\s+at /);
    expect(log).not.toMatch(/ failed|TypeError|ErrorResponseImpl| 500 /);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
