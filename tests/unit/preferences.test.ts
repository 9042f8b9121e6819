import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/utils/client-address.server";
import { getPreferences, isPublicAddress } from "~/utils/preferences.server";

describe("getPreferences", () => {
  let geo: http.Server;
  let asked: string[];
  let answer: (path: string) => { status: number; body: string };

  beforeAll(async () => {
    asked = [];
    answer = () => ({ status: 200, body: JSON.stringify({ country_code: "ch" }) });
    geo = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      const { status, body } = answer(req.url ?? "");
      res.writeHead(status, { "Content-Type": "application/json" }).end(body);
    });
    await new Promise<void>((resolve) => geo.listen(0, "127.0.0.1", resolve));
    process.env.GEOIP_LOOKUP_URL = `http://127.0.0.1:${(geo.address() as AddressInfo).port}/lookup/{ip}/json`;
    // The lookup gives up after 800 ms; the first fetch of a process sets up its HTTP client, which
    // on a busy machine took that long once. Done here, it is not what the tests time.
    await fetch(`http://127.0.0.1:${(geo.address() as AddressInfo).port}/warm-up`).then((response) => response.text());
    asked = [];
  });
  afterAll(async () => {
    delete process.env.GEOIP_LOOKUP_URL;
    await new Promise((resolve) => geo.close(resolve));
  });

  const from = (address: string, headers: Record<string, string> = {}) =>
    new Request("http://shop.test/", { headers: { [CLIENT_ADDRESS_HEADER]: address, ...headers } });

  it("takes the preference cookies first, then a proxy's country header, without a lookup", async () => {
    expect(await getPreferences(from("203.0.113.7", { cookie: "preferred-country=DE; preferred-currency=EUR" }))).toEqual({ country: "DE", currency: "EUR" });
    expect(await getPreferences(from("203.0.113.7", { "cf-ipcountry": "CH" }))).toEqual({ country: "CH", currency: "CHF" });
    expect(asked).toEqual([]);
  });

  it("looks up the client's own address, once per address", async () => {
    expect(await getPreferences(from("203.0.113.7"))).toEqual({ country: "CH", currency: "CHF" });
    expect(await getPreferences(from("203.0.113.7"))).toEqual({ country: "CH", currency: "CHF" });
    expect(asked).toEqual(["/lookup/203.0.113.7/json"]);
  });

  it("gives DE/EUR when the lookup fails, and does not ask for loopback or private addresses", async () => {
    answer = () => ({ status: 500, body: "{}" });
    expect(await getPreferences(from("198.51.100.20"))).toEqual({ country: "DE", currency: "EUR" });
    const before = asked.length;
    for (const address of ["127.0.0.1", "::1", "10.1.2.3", "192.168.0.5", "172.20.0.1", "::ffff:127.0.0.1", "unknown"]) {
      expect(await getPreferences(from(address))).toEqual({ country: "DE", currency: "EUR" });
    }
    expect(asked.length).toBe(before);
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["203.0.113.7", true],
    ["2001:db8::1", true],
    ["::ffff:198.51.100.1", true],
    ["127.0.0.1", false],
    ["172.31.255.255", false],
    ["172.32.0.1", true],
    ["fe80::1", false],
    ["not an address", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
