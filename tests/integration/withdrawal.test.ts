import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createAccount, createOrder, orderNumberOf, sessionCookie } from "../factories";
import { action as withdrawalAction, loader as withdrawalLoader } from "~/routes/withdrawal";
import { loader as adminWithdrawalsLoader } from "~/routes/admin.withdrawals";
import { loader as adminOrderLoader } from "~/routes/admin.orders.$id";
import { loader as profileOrderLoader } from "~/routes/profile.orders.$orderId";
import { recordWithdrawal, findOrderForGuest, listWithdrawals, resolveLines } from "~/models/withdrawal.server";
import { WITHDRAWAL_LIMITS } from "~/services/withdrawal-access.server";
import { seller } from "~/utils/shop-details.server";
import { loader as returnsLoader } from "~/routes/returns";

/*
 * The withdrawal function (§ 356a BGB): a guest (order number + e-mail) and a customer (their own
 * order) declare a withdrawal in three posts (identify → review → confirm); it is stored once, with
 * the shopper's receipt and the shop's notice queued in the same transaction; refusals store nothing.
 */
const ORIGIN = "http://localhost:3000";

type Reply = { type: "DataWithResponseInit"; data: any; init: ResponseInit | null };
type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;
async function run(fn: RouteFn, request: Request, params: Record<string, string> = {}): Promise<Response | Reply | any> {
  try {
    return await fn({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (result: any) => (result instanceof Response ? result.status : result?.init ? (result.init.status ?? 200) : 200);
const formErrors = (result: any): string[] => (result instanceof Response ? [] : (result.data.result.error?.[""] ?? []));

function post(fields: Record<string, string>, options: { cookie?: string; ip?: string; language?: string } = {}) {
  return new Request(`${ORIGIN}/withdrawal`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "Accept-Language": options.language ?? "de",
      "X-Forwarded-For": options.ip ?? `198.51.100.${Math.floor(Math.random() * 250)}`,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}
const get = (path: string, cookie = "") => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie, "Accept-Language": "de" } });

describe.each(testDbKinds)("withdrawal function on %s", (kind) => {
  let test: TestDatabase;
  const count = async (table: string) => (await test.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]!.n;
  const withdrawalMails = async () =>
    test.db.query<{ to_address: string; subject: string; text_body: string; kind: string; locale: string }>(
      "select to_address, subject, text_body, kind, locale from public.email_outbox where kind like 'withdrawal%' order by kind",
    );
  const lineIds = async (orderId: string) =>
    (await test.db.query<{ id: string; product_name: string }>("select id, product_name from public.order_items where order_id = $1 order by product_name", [orderId])).map((r) => r.id);

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(async () => {
    vi.stubEnv("SESSION_SECRET", "withdrawal-test-secret");
    vi.stubEnv("SHOP_TIME_ZONE", "Europe/Berlin");
    await test.db.exec("delete from public.withdrawals; delete from public.email_outbox; delete from public.rate_limits;");
  });

  async function guestOrder(overrides: Parameters<typeof createOrder>[1] = {}) {
    return createOrder(test, {
      customerEmail: "Gast@Example.com",
      locale: "de",
      lines: [
        { name: "Kugelschreiber", quantity: 3 },
        { name: "Locher", quantity: 1 },
      ],
      ...overrides,
    });
  }

  it("takes a guest through identify → review → confirm, stores it once and queues receipt and notice", async () => {
    const orderId = await guestOrder();
    const [pen] = await lineIds(orderId);
    const key = randomUUID();
    const guest = { orderNumber: (await orderNumberOf(test, orderId)).toLowerCase(), email: " gast@example.com ", idempotencyKey: key };

    const identified = await run(withdrawalAction, post({ intent: "identify", ...guest }));
    expect(statusOf(identified)).toBe(200);
    expect(identified.data.view.stage).toBe("details");
    expect(identified.data.view.order.lines.map((l: { productName: string }) => l.productName).sort()).toEqual(["Kugelschreiber", "Locher"]);

    const review = await run(withdrawalAction, post({ intent: "review", ...guest, scope: "lines", [`qty_${pen}`]: "2", reason: "Zu viele bestellt" }));
    expect(statusOf(review)).toBe(200);
    expect(review.data.view.stage).toBe("confirm");
    expect(review.data.view.summary).toEqual({ wholeOrder: false, lines: [{ productName: "Kugelschreiber", quantity: 2 }], reason: "Zu viele bestellt" });
    expect(await count("withdrawals")).toBe(0);

    const carry = review.data.view.carry as Record<string, string>;
    const confirmed = await run(withdrawalAction, post({ intent: "confirm", ...carry }));
    expect(confirmed).toBeInstanceOf(Response);
    expect(confirmed.status).toBe(303);
    const location = confirmed.headers.get("Location")!;
    expect(location).toMatch(/^\/withdrawal\?done=[0-9a-f-]{36}$/);

    // Sent twice (a double click, a reload): stored once, the same receipt.
    const again = await run(withdrawalAction, post({ intent: "confirm", ...carry }));
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(location);
    expect(await count("withdrawals")).toBe(1);

    const [row] = await test.db.query<{ user_id: string | null; whole_order: boolean; lines: unknown; reason: string; late: boolean }>(
      "select user_id, whole_order, lines, reason, late from public.withdrawals",
    );
    expect(row).toMatchObject({ user_id: null, whole_order: false, reason: "Zu viele bestellt", late: false });
    const lines = typeof row!.lines === "string" ? JSON.parse(row!.lines) : row!.lines;
    expect(lines).toEqual([{ item_id: pen, product_name: "Kugelschreiber", quantity: 2 }]);

    const mails = await withdrawalMails();
    expect(mails.map((m) => m.kind)).toEqual(["withdrawal_notice", "withdrawal_receipt"]);
    const receipt = mails.find((m) => m.kind === "withdrawal_receipt")!;
    expect(receipt.to_address).toBe("Gast@Example.com");
    expect(receipt.locale).toBe("de");
    expect(receipt.subject).toContain((await orderNumberOf(test, orderId)));
    expect(receipt.text_body).toContain("2 × Kugelschreiber");
    // The reason's free text is not repeated to the order's address (anyone with the parcel label could write it); the shop's notice has it.
    expect(receipt.text_body).not.toContain("Zu viele bestellt");
    expect(receipt.text_body).toContain("Grund: angegeben");
    // The date and the time in the shop's time zone.
    const berlin = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", dateStyle: "long" }).format(new Date());
    expect(receipt.text_body).toContain(`Eingegangen am: ${berlin}`);
    expect(receipt.text_body).toMatch(/\d{2}:\d{2}:\d{2} (MEZ|MESZ)/);
    const notice = mails.find((m) => m.kind === "withdrawal_notice")!;
    expect(notice.to_address).toBe(seller.email);
    expect(notice.text_body).toContain("2 × Kugelschreiber");
    expect(notice.text_body).toContain("Zu viele bestellt");

    // The confirmation page shows the receipt to the browser that declared it, and to no one else.
    const cookie = confirmed.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = await run(withdrawalLoader, get(location, cookie));
    expect(page.stage).toBe("done");
    expect(page.receipt).toMatchObject({ number: (await orderNumberOf(test, orderId)), wholeOrder: false, lines: [{ productName: "Kugelschreiber", quantity: 2 }] });
    expect(page.receipt.receivedAt).toContain(berlin);
    expect(statusOf(await run(withdrawalLoader, get(location)))).toBe(404);
  });

  it("withdraws the whole order in the order's language, without a reason", async () => {
    const orderId = await guestOrder({ locale: "fr" });
    const guest = { orderNumber: (await orderNumberOf(test, orderId)), email: "gast@example.com", idempotencyKey: randomUUID() };
    const review = await run(withdrawalAction, post({ intent: "review", ...guest, scope: "whole" }));
    expect(review.data.view.summary.wholeOrder).toBe(true);
    const confirmed = await run(withdrawalAction, post({ intent: "confirm", ...review.data.view.carry }));
    expect(confirmed.status).toBe(303);
    const receipt = (await withdrawalMails()).find((m) => m.kind === "withdrawal_receipt")!;
    expect(receipt.locale).toBe("fr");
    expect(receipt.text_body).toContain("toute la commande");
    expect(receipt.text_body).toContain("3 × Kugelschreiber");
    expect(receipt.text_body).toContain("1 × Locher");
  });

  it("refuses a wrong e-mail and an unknown order number with one message (400), storing nothing", async () => {
    const orderId = await guestOrder();
    const wrongMail = await run(withdrawalAction, post({ intent: "identify", orderNumber: (await orderNumberOf(test, orderId)), email: "other@example.com", idempotencyKey: randomUUID() }));
    const unknown = await run(withdrawalAction, post({ intent: "identify", orderNumber: "ABCDEF12", email: "gast@example.com", idempotencyKey: randomUUID() }));
    expect(statusOf(wrongMail)).toBe(400);
    expect(statusOf(unknown)).toBe(400);
    expect(formErrors(wrongMail)).toEqual(formErrors(unknown));
    expect(formErrors(wrongMail)[0]).toContain("keine Bestellung gefunden");
    // A tampered confirm step (hidden fields changed) is checked again too.
    const tampered = await run(withdrawalAction, post({ intent: "confirm", orderNumber: (await orderNumberOf(test, orderId)), email: "other@example.com", idempotencyKey: randomUUID(), scope: "whole" }));
    expect(statusOf(tampered)).toBe(400);
    expect(await count("withdrawals")).toBe(0);
    expect(await count("email_outbox")).toBe(0);
  });

  it("answers an empty form with field messages in the active language (400)", async () => {
    const empty = await run(withdrawalAction, post({ intent: "identify", orderNumber: "", email: "", idempotencyKey: randomUUID() }, { language: "en" }));
    expect(statusOf(empty)).toBe(400);
    expect(empty.data.result.error.orderNumber).toEqual(["withdrawal.errors.orderNumberRequired"]);
    expect(empty.data.result.error.email).toEqual(["withdrawal.errors.emailRequired"]);
    expect(await count("withdrawals")).toBe(0);
  });

  it("refuses quantities out of range, another order's line and nothing chosen (400), storing nothing", async () => {
    const orderId = await guestOrder();
    const otherOrder = await guestOrder();
    const [pen] = await lineIds(orderId);
    const [foreign] = await lineIds(otherOrder);
    const guest = { orderNumber: (await orderNumberOf(test, orderId)), email: "gast@example.com", idempotencyKey: randomUUID(), scope: "lines" };
    const tampered: Array<Record<string, string>> = [{ [`qty_${pen}`]: "4" }, { [`qty_${pen}`]: "-1" }, { [`qty_${pen}`]: "1.5" }, { [`qty_${foreign}`]: "1" }, { "qty_not-a-line": "1" }];
    for (const fields of tampered) {
      const result = await run(withdrawalAction, post({ intent: "confirm", ...guest, ...fields }));
      expect(statusOf(result), JSON.stringify(fields)).toBe(400);
      expect(formErrors(result)[0]).toContain("zwischen 0 und der bestellten Menge");
    }
    const nothing = await run(withdrawalAction, post({ intent: "confirm", ...guest, [`qty_${pen}`]: "0" }));
    expect(statusOf(nothing)).toBe(400);
    expect(formErrors(nothing)[0]).toContain("mindestens einem Artikel");
    expect(await count("withdrawals")).toBe(0);
  });

  it("limits guesses per client address (429 with Retry-After), storing nothing", async () => {
    const orderId = await guestOrder();
    const ip = "203.0.113.99";
    const number = await orderNumberOf(test, orderId);
    const attempt = (email: string) => run(withdrawalAction, post({ intent: "identify", orderNumber: number, email, idempotencyKey: randomUUID() }, { ip }));
    for (let i = 0; i < WITHDRAWAL_LIMITS.perAddress; i++) expect(statusOf(await attempt(`wrong${i}@example.com`))).toBe(400);
    const limited = await attempt("gast@example.com");
    expect(statusOf(limited)).toBe(429);
    expect(new Headers(limited.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(formErrors(limited)[0]).toContain("Zu viele Versuche");
    // Another address is not affected.
    expect(statusOf(await run(withdrawalAction, post({ intent: "identify", orderNumber: (await orderNumberOf(test, orderId)), email: "gast@example.com", idempotencyKey: randomUUID() }, { ip: "203.0.113.100" })))).toBe(200);
    expect(await count("withdrawals")).toBe(0);
  });

  it("lets a customer withdraw one of their orders (prefilled), refuses another customer's order (404)", async () => {
    const customer = await createAccount(test, { email: `c-${randomUUID()}@example.com` });
    const stranger = await createAccount(test);
    const own = await createOrder(test, { userId: customer.id, customerEmail: customer.email, lines: [{ name: "Ordner", quantity: 2 }] });
    const foreign = await createOrder(test, { userId: stranger.id, customerEmail: stranger.email });
    const cookie = await sessionCookie(customer.id);

    const page = await run(withdrawalLoader, get(`/withdrawal?order=${own}`, cookie));
    expect(page.stage).toBe("identify");
    expect(page.prefill).toEqual({ orderId: own });
    expect(page.orders.map((o: { id: string }) => o.id)).toEqual([own]);

    const refused = await run(withdrawalAction, post({ intent: "review", orderId: foreign, idempotencyKey: randomUUID(), scope: "whole" }, { cookie }));
    expect(statusOf(refused)).toBe(404);
    expect(await count("withdrawals")).toBe(0);

    const review = await run(withdrawalAction, post({ intent: "review", orderId: own, idempotencyKey: randomUUID(), scope: "whole" }, { cookie }));
    expect(statusOf(review)).toBe(200);
    const confirmed = await run(withdrawalAction, post({ intent: "confirm", ...review.data.view.carry }, { cookie }));
    expect(confirmed.status).toBe(303);
    const [row] = await test.db.query<{ user_id: string; whole_order: boolean }>("select user_id, whole_order from public.withdrawals");
    expect(row).toEqual({ user_id: customer.id, whole_order: true });

    // The customer's order page shows it.
    const orderPage = await run(profileOrderLoader, get(`/profile/orders/${own}`, cookie), { orderId: own });
    expect(orderPage.withdrawals).toHaveLength(1);
    expect(orderPage.withdrawals[0].lines).toEqual([expect.objectContaining({ productName: "Ordner", quantity: 2 })]);
  });

  it("marks a withdrawal late 14 days after delivery, never refuses it; not late before delivery", async () => {
    const delivered = await guestOrder({ status: "delivered", createdAt: { daysAgo: 20 } });
    const recent = await guestOrder({ status: "delivered", createdAt: { daysAgo: 3 } });
    const shipped = await guestOrder({ status: "shipped", createdAt: { daysAgo: 60 } });
    const declare = async (orderId: string) => {
      const order = (await findOrderForGuest((await orderNumberOf(test, orderId)), "gast@example.com"))!;
      const resolved = resolveLines(order, { wholeOrder: true });
      if (!resolved.ok) throw new Error("lines");
      const result = await recordWithdrawal({ order, userId: null, wholeOrder: true, lines: resolved.lines, reason: "", idempotencyKey: randomUUID() });
      if (!result.ok) throw new Error("stored");
      return result.withdrawal;
    };
    expect((await declare(delivered)).late).toBe(true);
    expect((await declare(recent)).late).toBe(false);
    expect((await declare(shipped)).late).toBe(false);
    const notice = (await withdrawalMails()).filter((m) => m.kind === "withdrawal_notice");
    expect(notice.filter((m) => m.text_body.includes("verspätet"))).toHaveLength(1);
    const { withdrawals, total } = await listWithdrawals();
    expect(total).toBe(3);
    expect(withdrawals.filter((w) => w.late).map((w) => w.orderId)).toEqual([delivered]);
  });

  it("shows the admin the list (newest first) and the order's withdrawals; a customer gets 403", async () => {
    const admin = await createAccount(test, { admin: true });
    const customer = await createAccount(test);
    const first = await guestOrder();
    const second = await guestOrder();
    for (const orderId of [first, second]) {
      const review = await run(withdrawalAction, post({ intent: "review", orderNumber: (await orderNumberOf(test, orderId)), email: "gast@example.com", idempotencyKey: randomUUID(), scope: "whole", reason: `Grund ${orderId}` }));
      expect((await run(withdrawalAction, post({ intent: "confirm", ...review.data.view.carry }))).status).toBe(303);
    }
    const adminCookie = await sessionCookie(admin.id);
    const list = await run(adminWithdrawalsLoader, get("/admin/withdrawals", adminCookie));
    expect(list.total).toBe(2);
    expect(list.withdrawals.map((w: { orderId: string }) => w.orderId)).toEqual([second, first]);
    expect(list.withdrawals[0].reason).toBe(`Grund ${second}`);

    const orderPage = await run(adminOrderLoader, get(`/admin/orders/${first}`, adminCookie), { id: first });
    expect(orderPage.withdrawals.map((w: { orderId: string }) => w.orderId)).toEqual([first]);

    expect(statusOf(await run(adminWithdrawalsLoader, get("/admin/withdrawals", await sessionCookie(customer.id))))).toBe(403);
    const visitor = await run(adminWithdrawalsLoader, get("/admin/withdrawals"));
    expect(visitor).toBeInstanceOf(Response);
    expect([302, 303]).toContain(visitor.status);
  });

  it("puts the withdrawal instructions and the model form, with the seller's details, on /returns in every language", async () => {
    for (const [language, form, binding] of [
      ["de", "Muster-Widerrufsformular", ""],
      ["en", "Model withdrawal form", "German version"],
      ["fr", "Modèle de formulaire de rétractation", "version allemande"],
      ["ar", "نموذج التراجع", "النسخة الألمانية"],
    ] as const) {
      const request = new Request(`${ORIGIN}/returns`, { headers: { "Accept-Language": language, Cookie: `lng=${language}` } });
      const { content } = (await run(returnsLoader, request)) as { content: { sections: Array<{ heading: string; paragraphs?: string[]; items?: string[] }>; withdrawalBox: { link: string } } };
      const text = JSON.stringify(content);
      expect(content.sections.map((section) => section.heading), language).toContain(form);
      expect(text).toContain(seller.email);
      expect(text).toContain(seller.street);
      expect(text).toContain(seller.name);
      expect(text).not.toContain("{{");
      expect(text).toContain("/withdrawal");
      if (binding) expect(text).toContain(binding);
    }
  });
});
