import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ShopServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/**
 * Starts the production server of the build (BUILD_DIR, default "build") on its own port, with
 * the given environment on top of a production one. Resolves once it answers /robots.txt.
 */
export async function startShopServer(env: Record<string, string>): Promise<ShopServer> {
  const port = await freePort();
  const buildDir = process.env.BUILD_DIR ?? "build";
  const child = spawn(process.execPath, [`${buildDir}/server/main.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      SESSION_SECRET: "resilience-test-secret-not-for-production",
      // Production on a real database needs the bank account for transfers: the demo example IBAN.
      SHOP_IBAN: "DE89 3704 0044 0532 0130 00",
      // One process unless a test asks for more (WEB_CONCURRENCY defaults to the cores with DATABASE_URL).
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`shop server exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${url}/robots.txt`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`shop server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => log,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
