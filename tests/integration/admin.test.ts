import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, sessionCookie, type OrderOverrides } from "../factories";
import { getUserById } from "~/auth/user.server";
import { getProduct } from "~/models/product.server";
import { updateStock, deleteProductWithMedia } from "~/models/product-write.server";
import { listAdminProducts, listInventory } from "~/models/admin-products.server";
import { submitProductForm } from "~/services/product-form.server";
import { getProductStats, revenueByDay, topProducts } from "~/models/admin-stats.server";
import { changeOrderStatus, listCustomers } from "~/models/order-admin.server";
import { demoteAdmin, listAdmins, promoteAdmin } from "~/models/admin-roles.server";
import { getOfferSection, saveOfferSection } from "~/models/offer.server";
import { createContactMessage, getMessage } from "~/models/message.server";
import { toCents } from "~/utils/money";
import { sniffImage, sniffVideo } from "~/utils/media";
import { routeMessages } from "~/i18n/catalogues.server";
import { SHELL } from "~/i18n/namespaces";
import { action as layoutAction, handle as adminHandle, loader as layoutLoader } from "~/routes/admin";
import { action as overviewAction, loader as overviewLoader } from "~/routes/admin._index";
import { action as productsAction, loader as productsLoader } from "~/routes/admin.products._index";
import { action as inventoryAction } from "~/routes/admin.inventory";
import { loader as reportsLoader } from "~/routes/admin.reports";
import { action as settingsAction } from "~/routes/admin.settings";
import { action as messageAction, loader as messageLoader } from "~/routes/admin.messages.$id";
import { action as offersAction } from "~/routes/admin.offers";
import { action as tableAction } from "~/routes/admin.edit";
import { action as deleteAction } from "~/routes/admin.products.$id_.delete";
import { action as orderAction } from "~/routes/admin.orders.$id";
import { csvField, loader as exportLoader } from "~/routes/admin.export[.]csv";
import { loader as uploadsLoader } from "~/routes/uploads.$";

const ORIGIN = "http://localhost:3000";
// A tiny valid PNG (1×1) and the start of an MP4 ('ftyp' box) – enough for the magic-byte checks.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082",
  "hex",
);
const MP4 = Buffer.concat([Buffer.from("0000001866747970697336d00000000069736f6d6d703432", "hex"), Buffer.alloc(64)]);
MP4.write("ftypisom", 4, "ascii");

const png = (name = "a.png") => new File([PNG], name, { type: "image/png" });

function productFields(overrides: Record<string, string | File | Array<string | File>> = {}): FormData {
  const form = new FormData();
  const base: Record<string, string | File | Array<string | File>> = {
    intent: "create-product",
    name: "Integration Desk Lamp",
    nameAr: "مصباح مكتب",
    nameDE: "Schreibtischlampe",
    description: "A lamp.",
    price: "10.50",
    priceEUR: "19.90",
    priceCHF: "21.40",
    stock: "7",
    category: "home-office",
    inStock: "on",
    tags: "lamp, light, Lamp , ",
    images: [png("one.png"), png("two.png")],
    video: new File([MP4], "clip.mp4", { type: "video/mp4" }),
    ...overrides,
  };
  for (const [key, value] of Object.entries(base)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return form;
}

function post(pathname: string, body: FormData | URLSearchParams, cookie = "", headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie, ...headers }, body });
}

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;
/** A route function's answer; a thrown Response (redirect, 403, 404) counts as the answer. */
async function run(fn: RouteFn, request: Request, params: Record<string, string> = {}) {
  try {
    const result = (await fn({ request, params, context: {} })) as Response | { data: any; init: ResponseInit | null };
    return result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (result: Awaited<ReturnType<typeof run>>) =>
  result instanceof Response ? result.status : (result.init?.status ?? 200);

let dataDir: string;
const uploadsDir = () => path.join(dataDir, "uploads");
/** Every file under uploads/ (a processed image's files and, under originals/, its original). */
const uploadCount = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir(), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0);
/** A processed 1×1 image: its JPEG fallback, one AVIF and one WebP (width 1), and its original. */
const IMAGE_FILES = 4;

describe.each(testDbKinds)("admin on %s", (kind) => {
  let test: TestDatabase;
  let adminId: string;
  let customerId: string;
  let adminCookie: string;
  let customerCookie: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    test.install();
    const rows = await test.db.query<{ user_id: string; email: string }>("select user_id, email from public.profiles");
    adminId = rows.find((row) => row.email === "admin@example.com")!.user_id;
    customerId = rows.find((row) => row.email === "kunde@example.com")!.user_id;
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-test-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("SESSION_SECRET", "admin-integration-test");
    vi.stubEnv("SITE_URL", ORIGIN);
    vi.stubEnv("ADMIN_EMAILS", "");
    adminCookie = await sessionCookie(adminId);
    customerCookie = await sessionCookie(customerId);
    return () => rmSync(dataDir, { recursive: true, force: true });
  });

  async function countProducts() {
    const [row] = await test.db.query<{ count: number }>("select count(*)::int as count from public.products");
    return row!.count;
  }

  describe("product create / update / delete", () => {
    it("creates a product with images and video as files under DATA_DIR/uploads", async () => {
      const result = await submitProductForm(post("/admin/products?index", productFields()));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const product = (await getProduct(result.id))!;
      expect(product.name).toBe("Integration Desk Lamp");
      expect(product.priceEUR).toBe(1990);
      expect(product.salePriceEUR).toBeNull();
      expect(product.stock).toBe(7);
      expect(product.tags).toEqual(["lamp", "light"]);
      expect(product.images).toHaveLength(2);
      expect(product.image).toBe(product.images[0]);
      expect(product.additionalImages).toEqual([product.images[1]]);
      // Processed: the address is the JPEG fallback's, named after its size (1×1) and colour.
      expect(product.image).toMatch(/^\/uploads\/[0-9a-f-]{36}-1x1-[0-9a-f]{6}\.jpg$/);
      expect(product.videoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.mp4$/);
      expect(uploadCount()).toBe(2 * IMAGE_FILES + 1);
      // The uploads route serves exactly these files, with their type and a long cache.
      const name = product.image.slice("/uploads/".length);
      const served = (await uploadsLoader({ request: new Request(`${ORIGIN}${product.image}`), params: { "*": name }, context: {} })) as Response;
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/jpeg");
      expect(served.headers.get("Cache-Control")).toContain("immutable");
      // The original upload is kept, but not served.
      const [original] = readdirSync(path.join(uploadsDir(), "originals"));
      expect(readFileSync(path.join(uploadsDir(), "originals", original!)).equals(PNG)).toBe(true);
      for (const hidden of [`originals/${original}`, original!]) {
        const answer = (await uploadsLoader({ request: new Request(`${ORIGIN}/uploads/${hidden}`), params: { "*": hidden }, context: {} })) as Response;
        expect(answer.status, hidden).toBe(404);
      }
    });

    it("uses the defaults: empty prices are 0, empty stock is the column default, sale prices only when filled", async () => {
      const result = await submitProductForm(post("/admin/products?index", productFields({ price: "", priceCHF: "", stock: "", salePriceEUR: "17.90", video: new File([], "", { type: "application/octet-stream" }) })));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const product = (await getProduct(result.id))!;
      expect(product.price).toBe(0);
      expect(product.priceCHF).toBe(0);
      expect(product.stock).toBe(0);
      expect(product.salePriceEUR).toBe(1790);
      expect(product.salePriceCHF).toBeNull();
      expect(product.videoUrl).toBeNull();
    });

    it.each([
      ["missing English name, Arabic name, category and image", { name: "", nameAr: "", category: "", images: [] }, "admin.product.errors.requiredFields"],
      ["a negative price", { priceEUR: "-5" }, "admin.product.errors.negative"],
      ["1e400", { priceCHF: "1e400" }, "admin.product.errors.tooLarge"],
      ["more than 99 999 999.99", { price: "100000000" }, "admin.product.errors.tooLarge"],
      ["a 10 000-character name", { name: "x".repeat(10_000) }, "admin.product.errors.nameTooLong"],
      ["an unknown category", { category: "weapons" }, "admin.product.errors.category"],
      ["a text file named .png", { images: [new File(["just text"], "fake.png", { type: "image/png" })] }, "admin.product.errors.imageType"],
      ["a 21 MB image", { images: [new File([PNG, Buffer.alloc(21 * 1024 * 1024)], "big.png", { type: "image/png" })] }, "admin.product.errors.imageTooLarge"],
      ["a video that is not MP4/WebM", { video: new File(["<html>"], "clip.mp4", { type: "video/mp4" }) }, "admin.product.errors.videoType"],
      ["a negative stock", { stock: "-1" }, "admin.product.errors.stock"],
    ])("rejects %s with 400, a message, nothing stored and no files", async (_label, overrides, message) => {
      const before = await countProducts();
      const result = await submitProductForm(post("/admin/products?index", productFields(overrides as never)));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.status).toBe(400);
      const errors = Object.values(result.reply.error ?? {}).flat();
      expect(errors).toContain(message);
      expect(await countProducts()).toBe(before);
      expect(uploadCount()).toBe(0);
      // The typed values come back (files do not).
      expect(result.reply.initialValue?.nameDE).toBe("Schreibtischlampe");
    });

    it("removes the written files when the database insert fails", async () => {
      await test.db.exec("alter table public.products add constraint admin_test_fail check (name <> 'FAIL ME')");
      try {
        await expect(submitProductForm(post("/admin/products?index", productFields({ name: "FAIL ME" })))).rejects.toThrow();
        expect(uploadCount()).toBe(0);
      } finally {
        await test.db.exec("alter table public.products drop constraint admin_test_fail");
      }
    });

    it("updates fields, keeps images unless replaced, and deletes replaced files", async () => {
      const created = await submitProductForm(post("/admin/products?index", productFields()));
      if (!created.ok) throw new Error("create failed");
      const original = (await getProduct(created.id))!;
      const kept = await submitProductForm(post(`/admin/products/${created.id}`, productFields({ intent: [], priceEUR: "24.90", images: [], video: [] })), original);
      expect(kept.ok).toBe(true);
      const afterKeep = (await getProduct(created.id))!;
      expect(afterKeep.priceEUR).toBe(2490);
      expect(afterKeep.images).toEqual(original.images);
      expect(afterKeep.videoUrl).toBe(original.videoUrl);
      expect(uploadCount()).toBe(2 * IMAGE_FILES + 1);

      const replaced = await submitProductForm(post(`/admin/products/${created.id}`, productFields({ intent: [], images: [png("new.png")], video: [], removeVideo: "on" })), afterKeep);
      expect(replaced.ok).toBe(true);
      const afterReplace = (await getProduct(created.id))!;
      expect(afterReplace.images).toHaveLength(1);
      expect(afterReplace.images[0]).not.toBe(original.images[0]);
      expect(afterReplace.additionalImages).toEqual([]);
      expect(afterReplace.videoUrl).toBeNull();
      expect(uploadCount()).toBe(IMAGE_FILES);
    });

    it("deletes a product and its files; an unknown id changes nothing", async () => {
      const created = await submitProductForm(post("/admin/products?index", productFields()));
      if (!created.ok) throw new Error("create failed");
      expect(uploadCount()).toBe(2 * IMAGE_FILES + 1);
      const before = await countProducts();
      expect(await deleteProductWithMedia("00000000-0000-4000-8000-00000000ffff")).toBe(false);
      expect(await deleteProductWithMedia("not-a-uuid")).toBe(false);
      expect(await countProducts()).toBe(before);
      expect(await deleteProductWithMedia(created.id)).toBe(true);
      expect(await getProduct(created.id)).toBeNull();
      expect(uploadCount()).toBe(0);
    });

    it("searches and filters the admin list in SQL, paginated", async () => {
      const all = await listAdminProducts({ page: 1, pageSize: 5 });
      expect(all.products).toHaveLength(5);
      expect(all.pageCount).toBe(Math.ceil(all.total / 5));
      const byCategory = await listAdminProducts({ category: "coffee-tea", page: 1, pageSize: 100 });
      expect(byCategory.total).toBeGreaterThan(0);
      expect(byCategory.products.every((p) => p.category === "coffee-tea")).toBe(true);
      const found = await listAdminProducts({ q: "EXECUTIVE", page: 1, pageSize: 10 });
      expect(found.products.map((p) => p.name)).toContain("Executive Pen Gift Set");
      const none = await listAdminProducts({ q: "%_nothing_%", page: 1, pageSize: 10 });
      expect(none.total).toBe(0);
    });
  });

  describe("stats and inventory", () => {
    it("computes stock value (EUR price × stock), low stock (1–4) and sold out (0)", async () => {
      const [a, b, c] = (await listAdminProducts({ page: 1, pageSize: 3 })).products;
      expect(await updateStock(a!.id, 0)).toBe(true);
      expect(await updateStock(b!.id, 3)).toBe(true);
      expect(await updateStock(c!.id, 5)).toBe(true);
      expect(await updateStock("00000000-0000-4000-8000-00000000ffff", 1)).toBe(false);
      expect(await updateStock(a!.id, -1)).toBe(false);
      const rows = await test.db.query<{ price_eur: string; stock: number }>("select price_eur::text, stock from public.products");
      const stats = await getProductStats();
      expect(stats.totalProducts).toBe(rows.length);
      expect(stats.stockValue).toBe(rows.reduce((sum, row) => sum + toCents(row.price_eur) * row.stock, 0));
      expect(stats.soldOut).toBe(rows.filter((row) => row.stock === 0).length);
      expect(stats.lowStock).toBe(rows.filter((row) => row.stock > 0 && row.stock < 5).length);
      expect(stats.soldOut).toBeGreaterThanOrEqual(1);
      expect(stats.lowStock).toBeGreaterThanOrEqual(1);
      // Inventory: sold out first, then low stock, then the rest.
      const inventory = await listInventory(1, 500);
      const rank = (stock: number) => (stock === 0 ? 0 : stock < 5 ? 1 : 2);
      const ranks = inventory.products.map((p) => rank(p.stock));
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    });
  });

  describe("orders", () => {
    /** Karl Kunde's order of `quantity` × the product at 10. */
    const kundeOrder = (productId: string, quantity: number, currency: "EUR" | "CHF" = "EUR", status: OrderOverrides["status"] = "pending"): OrderOverrides => ({
      customerName: "Karl Kunde",
      customerEmail: "kunde@example.com",
      currency,
      status,
      userId: customerId,
      lines: [{ productId, name: "Test", quantity, unitPrice: 10 }],
    });
    const stockOf = async (id: string) => (await getProduct(id))!.stock;

    it("moves pending → confirmed → shipped → delivered, refusing skips and changes after delivery", async () => {
      const product = (await listAdminProducts({ page: 1, pageSize: 1 })).products[0]!;
      const id = await createOrder(test, kundeOrder(product.id, 2));
      expect(await changeOrderStatus(id, "shipped")).toEqual({ ok: false, reason: "invalidTransition", from: "pending" });
      expect(await changeOrderStatus(id, "confirmed")).toMatchObject({ ok: true, from: "pending", to: "confirmed" });
      expect(await changeOrderStatus(id, "shipped")).toMatchObject({ ok: true });
      expect(await changeOrderStatus(id, "delivered")).toMatchObject({ ok: true });
      const stock = await stockOf(product.id);
      expect(await changeOrderStatus(id, "cancelled")).toEqual({ ok: false, reason: "invalidTransition", from: "delivered" });
      expect(await stockOf(product.id)).toBe(stock);
      expect(await changeOrderStatus("00000000-0000-4000-8000-00000000ffff", "confirmed")).toEqual({ ok: false, reason: "notFound" });
    });

    it("cancelling puts the stock back once, atomically, even when two admins cancel at the same time", async () => {
      const product = (await listAdminProducts({ page: 1, pageSize: 2 })).products[1]!;
      await updateStock(product.id, 10);
      const id = await createOrder(test, kundeOrder(product.id, 4));
      const results = await Promise.all([changeOrderStatus(id, "cancelled"), changeOrderStatus(id, "cancelled")]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await stockOf(product.id)).toBe(14);
      expect(await changeOrderStatus(id, "confirmed")).toEqual({ ok: false, reason: "invalidTransition", from: "cancelled" });
    });

    it("counts revenue per day by payment received (less refunds), the best sellers without cancelled orders; customers with their totals", async () => {
      const product = (await listAdminProducts({ page: 1, pageSize: 3 })).products[2]!;
      const before = (await revenueByDay(30)).at(-1)!;
      await createOrder(test, kundeOrder(product.id, 3, "EUR", "confirmed"));
      await createOrder(test, kundeOrder(product.id, 1, "CHF", "pending"));
      await createOrder(test, kundeOrder(product.id, 50, "EUR", "cancelled"));
      // Paid today: 12.34 received for a 10.00 order (kept as received), and a CHF order paid in full.
      await createOrder(test, { ...kundeOrder(product.id, 1, "EUR", "confirmed"), paymentStatus: "paid", amountReceived: "12.34" });
      const refunded = await createOrder(test, { ...kundeOrder(product.id, 2, "CHF", "shipped"), paymentStatus: "paid" });
      await test.db.query("update public.orders set payment_status = 'partially_refunded', amount_refunded = 5 where id = $1", [refunded]);
      // Placed today but paid 40 days ago: outside the window.
      await createOrder(test, { ...kundeOrder(product.id, 1, "EUR", "confirmed"), paymentStatus: "paid", paidAt: { daysAgo: 40 } });
      const days = await revenueByDay(30);
      expect(days).toHaveLength(30);
      const today = days[days.length - 1]!;
      expect(today.EUR - before.EUR).toBe(1234);
      expect(today.CHF - before.CHF).toBe(2000 - 500);
      const top = await topProducts(10);
      const entry = top.find((t) => t.productId === product.id)!;
      expect(entry.units).toBe(3 + 1 + 1 + 2 + 1);
      const customers = await listCustomers(1, 50);
      const karl = customers.customers.find((c) => c.userId === customerId)!;
      expect(karl.orderCount).toBeGreaterThanOrEqual(3);
      expect(karl.spent.CHF).toBeGreaterThanOrEqual(1000);
    });
  });

  describe("roles", () => {
    it("promotes an existing account by e-mail (any case), refuses unknown and already-admin e-mails", async () => {
      expect(await promoteAdmin("nobody@example.com")).toEqual({ ok: false, reason: "unknown" });
      expect(await promoteAdmin("admin@example.com")).toEqual({ ok: false, reason: "alreadyAdmin" });
      const result = await promoteAdmin("  KUNDE@Example.com ");
      expect(result).toMatchObject({ ok: true, userId: customerId });
      expect((await getUserById(customerId))!.isAdmin).toBe(true);
      expect(await promoteAdmin("kunde@example.com")).toEqual({ ok: false, reason: "alreadyAdmin" });
      expect((await listAdmins()).map((a) => a.email)).toContain("kunde@example.com");
      expect(await demoteAdmin(adminId, adminId)).toEqual({ ok: false, reason: "self" });
      expect(await demoteAdmin(customerId, adminId)).toEqual({ ok: true });
      expect((await getUserById(customerId))!.isAdmin).toBe(false);
    });

    it("lists ADMIN_EMAILS admins as fixed and does not remove them", async () => {
      vi.stubEnv("ADMIN_EMAILS", "kunde@example.com, boss@example.com");
      const admins = await listAdmins();
      expect(admins.find((a) => a.email === "kunde@example.com")?.fixed).toBe(true);
      expect(admins.find((a) => a.email === "boss@example.com")).toMatchObject({ fixed: true, userId: null });
      expect(await promoteAdmin("kunde@example.com")).toEqual({ ok: false, reason: "alreadyAdmin" });
      expect(await demoteAdmin(customerId, adminId)).toEqual({ ok: false, reason: "fixed" });
    });
  });

  describe("offers", () => {
    it("saves the section and its offers in order; an unknown linked product saves nothing", async () => {
      const product = (await listAdminProducts({ page: 1, pageSize: 1 })).products[0]!;
      const texts = { titleEn: "", titleFr: "", titleAr: "", subtitleEn: "", subtitleFr: "", subtitleAr: "", timeLeftEn: "", timeLeftFr: "", timeLeftAr: "" };
      const offer = { ...texts, title: "Summer", subtitle: "Hot", image: "/images/x.svg", timeLeft: "7 Tage", featured: false, productId: product.id };
      expect(await saveOfferSection({ title: "Deals", subtitle: null, offers: [offer, { ...offer, title: "Winter", productId: null }] })).toMatchObject({ ok: true });
      const saved = await getOfferSection();
      expect(saved.title).toBe("Deals");
      expect(saved.subtitle).toBeNull();
      expect(saved.offers.map((o) => o.title)).toEqual(["Summer", "Winter"]);
      // No price of its own: the product's, in the currency asked for.
      expect(saved.offers[0]).toMatchObject({ productId: product.id, product: { price: product.priceEUR, currency: "EUR" } });
      expect(saved.offers[1]!.product).toBeNull();
      const refused = await saveOfferSection({ title: "Other", subtitle: null, offers: [{ ...offer, productId: "00000000-0000-4000-8000-00000000ffff" }] });
      expect(refused).toEqual({ ok: false, unknownProduct: "00000000-0000-4000-8000-00000000ffff" });
      expect((await getOfferSection()).title).toBe("Deals");
    });

    function offersForm(offer: Record<string, string>, title = "Neu") {
      const form = new FormData();
      form.append("title", title);
      for (const [key, value] of Object.entries(offer)) form.append(`offers[0].${key}`, value);
      return form;
    }
    type Reply = { data: { status?: string; error?: Record<string, string[]>; initialValue?: { title?: string; offers?: Array<Record<string, unknown>> } } };

    it("validates the offers form: texts too long or with control characters and unknown products get messages, nothing changes", async () => {
      const before = await getOfferSection();
      const offer = { title: "A", image: "/images/a.svg", titleEn: "x".repeat(201), subtitleAr: "a\u0000b", timeLeft: "3 Tage" };
      const result = await run(offersAction as RouteFn, post("/admin/offers", offersForm(offer), adminCookie));
      expect(statusOf(result)).toBe(400);
      expect((result as Reply).data.error).toMatchObject({
        "": ["admin.offers.errors.check"],
        "offers[0].titleEn": ["admin.offers.errors.tooLong"],
        "offers[0].subtitleAr": ["common.error.controlCharacters"],
      });
      // The typed values come back with the errors.
      expect((result as Reply).data.initialValue?.title).toBe("Neu");
      // What only the server knows: the linked product does not exist.
      const unknown = await run(
        offersAction as RouteFn,
        post("/admin/offers", offersForm({ title: "A", image: "/images/a.svg", productId: "00000000-0000-4000-8000-00000000ffff" }), adminCookie),
      );
      expect(statusOf(unknown)).toBe(400);
      expect((unknown as Reply).data.error).toMatchObject({ "offers[0].productId": ["admin.offers.errors.product"] });
      expect(await getOfferSection()).toEqual(before);
    });

    it("answers the add button (a post without JavaScript) with one more entry, saving nothing", async () => {
      const before = await getOfferSection();
      const form = offersForm({ title: "Kept", titleEn: "Kept (en)" }, "Typed");
      form.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "offers", defaultValue: { title: "Neues Angebot", timeLeft: "7 Tage" } } }));
      const result = await run(offersAction as RouteFn, post("/admin/offers", form, adminCookie));
      expect(statusOf(result)).toBe(200);
      const value = (result as Reply).data.initialValue!;
      expect(value.title).toBe("Typed");
      expect(value.offers).toHaveLength(2);
      expect(value.offers![0]).toMatchObject({ title: "Kept", titleEn: "Kept (en)" });
      expect(value.offers![1]).toMatchObject({ title: "Neues Angebot", timeLeft: "7 Tage" });
      expect(await getOfferSection()).toEqual(before);
    });

    it("saves through the route with an uploaded image, then removes the file when the offer goes", async () => {
      const form = new FormData();
      form.append("intent", "save");
      form.append("title", "");
      form.append("subtitle", "");
      for (const [key, value] of Object.entries({ title: "Upload", image: "", timeLeft: "7 Tage" })) {
        form.append(`offers[0].${key}`, value);
      }
      form.append("offers[0].imageFile", png());
      const result = await run(offersAction as RouteFn, post("/admin/offers", form, adminCookie));
      expect(statusOf(result)).toBe(302);
      expect((result as Response).headers.get("Location")).toBe("/");
      const saved = await getOfferSection();
      expect(saved.offers).toHaveLength(1);
      expect(saved.offers[0]!.image).toMatch(/^\/uploads\//);
      expect(uploadCount()).toBe(IMAGE_FILES);
      const empty = new FormData();
      empty.append("intent", "save");
      expect(statusOf(await run(offersAction as RouteFn, post("/admin/offers", empty, adminCookie)))).toBe(302);
      expect((await getOfferSection()).offers).toHaveLength(0);
      expect(uploadCount()).toBe(0);
    });
  });

  describe("sections and their forms", () => {
    it("leads the first round's /admin?tab=… links to the section's own URL, keeping the other parameters", async () => {
      const get = (url: string) => run(overviewLoader as RouteFn, new Request(`${ORIGIN}${url}`, { headers: { Cookie: adminCookie } })) as Promise<Response>;
      for (const [from, to] of [
        ["/admin?tab=products&q=lamp", "/admin/products?q=lamp"],
        ["/admin?tab=orders", "/admin/orders"],
        ["/admin?page=2&tab=inventory", "/admin/inventory?page=2"],
        ["/admin?tab=nonsense", "/admin"],
      ]) {
        const response = await get(from!);
        expect(response.status, from).toBe(301);
        expect(response.headers.get("Location"), from).toBe(to);
      }
      // Without ?tab= the overview answers: the latest orders and what runs low.
      const overview = (await get("/admin")) as unknown as { orders: unknown[]; lowStock: Array<{ stock: number }> };
      expect(Array.isArray(overview.orders)).toBe(true);
      expect(overview.lowStock.every((product) => product.stock < 5)).toBe(true);
    });

    it("the stock form refuses a bad number at its row and an unknown product, and sets a good one", async () => {
      const id = "00000000-0000-4000-8000-000000000001";
      type Answer = { data: { productId: string; reply: { error?: Record<string, string[]> } } };
      const bad = (await run(inventoryAction as RouteFn, post("/admin/inventory", new URLSearchParams({ productId: id, stock: "-3" }), adminCookie))) as Answer;
      expect(statusOf(bad as never)).toBe(400);
      expect(bad.data.productId).toBe(id);
      expect(bad.data.reply.error).toMatchObject({ stock: ["admin.product.errors.stock"] });
      const unknown = (await run(
        inventoryAction as RouteFn,
        post("/admin/inventory", new URLSearchParams({ productId: "00000000-0000-4000-8000-00000000ffff", stock: "3" }), adminCookie),
      )) as Answer;
      expect(statusOf(unknown as never)).toBe(404);
      expect(unknown.data.reply.error).toMatchObject({ "": ["admin.inventory.unknown"] });
      const good = (await run(inventoryAction as RouteFn, post("/admin/inventory", new URLSearchParams({ productId: id, stock: "9", redirectTo: "https://evil.example/" }), adminCookie))) as Response;
      expect(good.status).toBe(302);
      expect(good.headers.get("Location")).toBe("/admin/inventory");
      expect((await getProduct(id))!.stock).toBe(9);
    });

    it("the add-administrator form answers at its field, with the address kept", async () => {
      type Answer = { data: { intent: string; reply: { error?: Record<string, string[]>; initialValue?: { email?: string } } } };
      const invalid = (await run(settingsAction as RouteFn, post("/admin/settings", new URLSearchParams({ intent: "promote", email: "no-at-sign" }), adminCookie))) as Answer;
      expect(statusOf(invalid as never)).toBe(400);
      expect(invalid.data.reply.error).toMatchObject({ email: ["admin.settings.emailInvalid"] });
      const unknown = (await run(settingsAction as RouteFn, post("/admin/settings", new URLSearchParams({ intent: "promote", email: "nobody@example.com" }), adminCookie))) as Answer;
      expect(statusOf(unknown as never)).toBe(404);
      expect(unknown.data.reply.error).toMatchObject({ email: ["admin.settings.unknown"] });
      expect(unknown.data.reply.initialValue?.email).toBe("nobody@example.com");
    });
  });

  describe("messages", () => {
    it("opening a message (GET) changes nothing; marking it read is a POST", async () => {
      const { id } = await createContactMessage({ firstName: "Ina", lastName: "Box", email: "ina@example.com", subject: "Read me", message: "Hello there.", locale: "de", userId: null });
      const params = { id: `contact-${id}` };
      const page = (await run(messageLoader as RouteFn, new Request(`${ORIGIN}/admin/messages/contact-${id}`, { headers: { Cookie: adminCookie } }), params)) as unknown as {
        item: { type: string; message: { readAt: string | null } };
      };
      expect(page.item.message.readAt).toBeNull();
      expect((await getMessage("contact", id))!.readAt).toBeNull();
      // With JavaScript the page posts the intent itself (no redirectTo): data, no redirect.
      const silent = await run(messageAction as RouteFn, post(`/admin/messages/contact-${id}`, new URLSearchParams({ intent: "read" }), adminCookie), params);
      expect(statusOf(silent)).toBe(200);
      expect((await getMessage("contact", id))!.readAt).not.toBeNull();
      // Without, the page's button: back to the message, with a toast.
      const button = (await run(
        messageAction as RouteFn,
        post(`/admin/messages/contact-${id}`, new URLSearchParams({ intent: "read", redirectTo: `/admin/messages/contact-${id}` }), adminCookie),
        params,
      )) as Response;
      expect(button.status).toBe(302);
      expect(button.headers.get("Location")).toBe(`/admin/messages/contact-${id}`);
      const done = (await run(messageAction as RouteFn, post(`/admin/messages/contact-${id}`, new URLSearchParams({ intent: "done" }), adminCookie), params)) as Response;
      expect(done.headers.get("Location")).toBe("/admin/messages");
    });
  });

  describe("access", () => {
    const unknownId = "00000000-0000-4000-8000-00000000ffff";
    const cases: Array<[string, RouteFn, () => Request, Record<string, string>]> = [
      ["stray post to the frame", layoutAction as RouteFn, () => post("/admin", new URLSearchParams({ intent: "update-stock", productId: "00000000-0000-4000-8000-000000000001", stock: "0" })), {}],
      ["stray post to the overview", overviewAction as RouteFn, () => post("/admin?index", new URLSearchParams({ intent: "update-stock" })), {}],
      ["add product", productsAction as RouteFn, () => post("/admin/products?index", productFields()), {}],
      ["update stock", inventoryAction as RouteFn, () => post("/admin/inventory", new URLSearchParams({ productId: "00000000-0000-4000-8000-000000000001", stock: "0" })), {}],
      ["promote", settingsAction as RouteFn, () => post("/admin/settings", new URLSearchParams({ intent: "promote", email: "kunde@example.com" })), {}],
      ["offers", offersAction as RouteFn, () => post("/admin/offers", (() => { const f = new FormData(); f.append("intent", "save"); return f; })()), {}],
      ["table delete", tableAction as RouteFn, () => post("/admin/edit", new URLSearchParams({ intent: "delete", productId: "00000000-0000-4000-8000-000000000001" })), {}],
      ["confirmed delete", deleteAction as RouteFn, () => post("/admin/products/x/delete", new URLSearchParams()), { id: "00000000-0000-4000-8000-000000000001" }],
      ["order status", orderAction as RouteFn, () => post("/admin/orders/x", new URLSearchParams({ intent: "set-status", status: "cancelled" })), { id: unknownId }],
    ];

    it.each(cases)("%s: a visitor is sent to /login, a customer gets 403, nothing changes", async (_label, fn, request, params) => {
      const products = await countProducts();
      const offers = await getOfferSection();
      const visitor = await run(fn, request(), params);
      expect(statusOf(visitor)).toBe(302);
      expect((visitor as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
      const customerRequest = request();
      customerRequest.headers.set("Cookie", customerCookie);
      const customer = await run(fn, customerRequest, params);
      expect(statusOf(customer)).toBe(403);
      expect(await countProducts()).toBe(products);
      expect(await getOfferSection()).toEqual(offers);
      expect((await getUserById(customerId))!.isAdmin).toBe(false);
      expect((await getProduct("00000000-0000-4000-8000-000000000001"))).not.toBeNull();
      expect(uploadCount()).toBe(0);
    });

    it("answers a customer's promote with the spec's English message", async () => {
      const request = post("/admin/settings?lng=en", new URLSearchParams({ intent: "promote", email: "kunde@example.com" }), customerCookie);
      const result = (await run(settingsAction as RouteFn, request)) as Response;
      expect(result.status).toBe(403);
      expect(await result.text()).toBe("Only admins can make other users admin.");
    });

    it("loaders: a visitor is redirected, a customer gets 403, an admin gets the frame, the sections and the CSV", async () => {
      const get = (url: string, cookie = "") => new Request(`${ORIGIN}${url}`, { headers: { Cookie: cookie } });
      for (const loader of [layoutLoader, overviewLoader, reportsLoader]) {
        expect(statusOf(await run(loader as RouteFn, get("/admin")))).toBe(302);
        expect(statusOf(await run(loader as RouteFn, get("/admin", customerCookie)))).toBe(403);
      }
      expect(statusOf(await run(exportLoader as RouteFn, get("/admin/export.csv", customerCookie)))).toBe(403);
      const frame = (await run(layoutLoader as RouteFn, get("/admin", adminCookie))) as unknown as { stats: { totalProducts: number } };
      expect(frame.stats.totalProducts).toBe(await countProducts());
      const reports = (await run(reportsLoader as RouteFn, get("/admin/reports", adminCookie))) as unknown as { revenue: unknown[] };
      expect(reports.revenue).toHaveLength(30);
      const csv = (await run(exportLoader as RouteFn, get("/admin/export.csv", adminCookie))) as Response;
      expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await csv.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
      expect(lines[0]).toBe("id,name,nameDE,nameFr,nameAr,category,price,priceEUR,priceCHF,salePrice,salePriceEUR,salePriceCHF,stock,inStock,featured,tags,image,createdAt," +
        "manufacturerName,manufacturerAddress,manufacturerEmail,responsiblePerson,gtin,safetyInfo,safetyInfoDE,safetyInfoFr,safetyInfoAr");
      expect(lines.length - 1).toBe(await countProducts());
    });

    it("refuses control characters in the product search with a 400, as the shop's own search does", async () => {
      const get = (url: string) => new Request(`${ORIGIN}${url}`, { headers: { Cookie: adminCookie } });
      expect(statusOf(await run(productsLoader as RouteFn, get("/admin/products?q=lamp%00")))).toBe(400);
      expect(statusOf(await run(productsLoader as RouteFn, get("/admin/products?q=lamp")))).toBe(200);
    });

    it("a stray post to the frame or the overview is an unknown action for an admin", async () => {
      for (const [fn, url] of [[layoutAction, "/admin"], [overviewAction, "/admin?index"]] as const) {
        expect(statusOf(await run(fn as RouteFn, post(url, new URLSearchParams({ intent: "x" }), adminCookie)))).toBe(400);
      }
    });

    it("the order status action answers 409 for a forbidden transition and 404 for an unknown order", async () => {
      const form = () => new URLSearchParams({ intent: "set-status", status: "delivered" });
      expect(statusOf(await run(orderAction as RouteFn, post("/admin/orders/x", form(), adminCookie), { id: unknownId }))).toBe(404);
      const order = await createOrder(test, { customerName: "A", customerEmail: "a@example.com", total: 1, shippingAddress: {}, billingAddress: {}, lines: [] });
      expect(statusOf(await run(orderAction as RouteFn, post("/admin/orders/x", form(), adminCookie), { id: order }))).toBe(409);
      expect(statusOf(await run(tableAction as RouteFn, post("/admin/edit", new URLSearchParams({ intent: "delete", productId: unknownId }), adminCookie)))).toBe(404);
    });
  });
});

describe("CSV fields, magic bytes and the uploads route", () => {
  it("quotes CSV fields that need it and defuses formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Desk "Pro", 2 m')).toBe('"Desk ""Pro"", 2 m"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-5", false)).toBe("-5");
    expect(csvField(null)).toBe("");
  });

  it("recognises images and videos by their bytes, not their names", () => {
    expect(sniffImage(PNG)?.ext).toBe("png");
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe("jpg");
    expect(sniffImage(Buffer.from("GIF89a....."))?.ext).toBe("gif");
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))?.ext).toBe("webp");
    expect(sniffImage(Buffer.from("\0\0\0\x1cftypavif\0\0\0\0avifmif1"))?.ext).toBe("avif");
    expect(sniffImage(Buffer.from("<svg onload=alert(1)>"))).toBeNull();
    expect(sniffImage(MP4)).toBeNull();
    expect(sniffVideo(MP4)?.ext).toBe("mp4");
    expect(sniffVideo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]))?.ext).toBe("webm");
    expect(sniffVideo(Buffer.from("\0\0\0\x1cftypavif\0\0\0\0"))).toBeNull();
    expect(sniffVideo(PNG)).toBeNull();
  });

  it("sends the admin texts only to admins' browsers", () => {
    // The root sends the shell's texts to everyone; the admin layout (admins only) the admin's.
    expect(routeMessages("de", SHELL)).not.toHaveProperty("admin");
    expect(routeMessages("de", adminHandle)).toHaveProperty("admin.tabs.products", "Produkte");
    expect(routeMessages("ar", adminHandle)).toHaveProperty("admin.product.errors.requiredTitle", "خطأ في البيانات");
  });

  it("serves only names it wrote: anything else, traversal included, is a 404", async () => {
    for (const name of ["../session-secret", "..%2Fsession-secret", "x.png", "00000000-0000-4000-8000-000000000001.svg", "00000000-0000-4000-8000-000000000001.png"]) {
      const response = (await uploadsLoader({ request: new Request(`${ORIGIN}/uploads/${name}`), params: { "*": name }, context: {} })) as Response;
      expect(response.status).toBe(404);
    }
  });
});
