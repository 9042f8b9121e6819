import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createProduct, sessionCookie } from "../factories";
import { getProduct, toProductSafetyView } from "~/models/product.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { action as createAction } from "~/routes/admin.products._index";
import { action as editAction } from "~/routes/admin.products.$id";
import { loader as exportLoader } from "~/routes/admin.export[.]csv";

const ORIGIN = "http://localhost:3000";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082",
  "hex",
);
const DESK = "00000000-0000-4000-8000-000000000006"; // demo: the standing desk (furniture)
const MIGRATION = path.resolve(__dirname, "../../supabase/migrations/20261127000100_product_safety.sql");

const SAFETY = {
  manufacturerName: "Nordlicht Möbel AB",
  manufacturerAddress: "Storgatan 1, 111 22 Stockholm, Schweden",
  manufacturerEmail: "safety@nordlicht.example",
  responsiblePerson: "",
  gtin: "4006381333931",
  safetyInfo: "Tip-over hazard: fix to the wall.",
  safetyInfoDE: "Kippgefahr: an der Wand befestigen.",
  safetyInfoFr: "",
  safetyInfoAr: "خطر الانقلاب: ثبّته على الجدار.",
};

function form(fields: Record<string, string>, withImage: boolean): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (withImage) body.append("images", new File([PNG], "a.png", { type: "image/png" }));
  return body;
}
const baseFields = { name: "Safety Shelf", nameAr: "رف", category: "home-office", priceEUR: "49.90", priceCHF: "52.90", inStock: "on" };

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
async function run(fn: RouteFn, request: Request, params: Record<string, string> = {}) {
  try {
    return (await fn({ request, params, context: {} })) as Response | { data: any; init: ResponseInit | null };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (result: Awaited<ReturnType<typeof run>>) => (result instanceof Response ? result.status : (result.init?.status ?? 200));

describe.each(testDbKinds)("product safety (GPSR) on %s", (kind) => {
  let test: TestDatabase;
  let adminCookie: string;
  let dataDir: string;
  const post = (pathname: string, body: FormData) =>
    new Request(`${ORIGIN}${pathname}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: `${adminCookie}; lng=de` }, body });

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gpsr-test-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("SESSION_SECRET", "gpsr-integration-test");
    vi.stubEnv("SITE_URL", ORIGIN);
    vi.stubEnv("ADMIN_EMAILS", "");
    const [admin] = await test.db.query<{ user_id: string }>("select user_id from public.profiles where email = 'admin@example.com'");
    adminCookie = await sessionCookie(admin!.user_id);
    return () => rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async () => (await test.db.query<{ n: number }>("select count(*)::int as n from public.products"))[0]!.n;

  it("a new database's demo products name the shop's company, a valid GTIN and safety information", async () => {
    const rows = await test.db.query<{ id: string; manufacturer_name: string; manufacturer_email: string; gtin: string; safety_info_de: string }>(
      "select id, manufacturer_name, manufacturer_email, gtin, safety_info_de from public.products where id::text like '00000000-0000-4000-8000-%'",
    );
    expect(rows.length).toBe(65);
    for (const row of rows) {
      expect(row).toMatchObject({ manufacturer_name: "OfficeHaus GmbH", manufacturer_email: "info@officehaus.example" });
      expect(row.gtin).toMatch(/^2026\d{9}$/);
      expect(row.safety_info_de.length).toBeGreaterThan(20);
    }
    const desk = (await getProduct(DESK))!;
    expect(desk.safetyInfoDE).toMatch(/Montageanleitung/);
    const { isValidGtin } = await import("~/utils/gtin");
    expect(rows.every((row) => isValidGtin(row.gtin))).toBe(true);
  });

  it("the migration gives an existing database's demo products the defaults and leaves other products alone", async () => {
    await test.db.exec(`update public.products set manufacturer_name = '', gtin = null, safety_info_de = '' where id = '${DESK}'`);
    const other = await createProduct(test, { name: "Own", nameAr: "خاص", category: "home-office", price: 1, priceEur: 1, priceChf: 1 });
    await test.db.exec(readFileSync(MIGRATION, "utf8"));
    const desk = (await getProduct(DESK))!;
    expect(desk).toMatchObject({ manufacturerName: "OfficeHaus GmbH", manufacturerAddress: "Friedrichstraße 123, 10117 Berlin, Deutschland", gtin: "2026000000060" });
    expect(desk.safetyInfoDE).toMatch(/Montageanleitung/);
    expect((await getProduct(other))!).toMatchObject({ manufacturerName: "", gtin: null, safetyInfo: "" });
    await test.db.query("delete from public.products where id = $1", [other]);
  });

  it("the admin form stores the safety fields on create and edit, and the page shows the language's text (German the fallback)", async () => {
    const before = await count();
    const created = await run(createAction as RouteFn, post("/admin/products?index", form({ ...baseFields, intent: "create-product", ...SAFETY }, true)));
    expect(statusOf(created)).toBe(302);
    expect(await count()).toBe(before + 1);
    const [row] = await test.db.query<{ id: string }>("select id from public.products where name = 'Safety Shelf'");
    const stored = (await getProduct(row!.id))!;
    expect(stored).toMatchObject(SAFETY);
    expect(toProductSafetyView(stored, "fr").safetyInfo).toBe(SAFETY.safetyInfoDE);
    expect(toProductSafetyView(stored, "ar").safetyInfo).toBe(SAFETY.safetyInfoAr);

    const edited = await run(
      editAction as RouteFn,
      post(`/admin/products/${row!.id}`, form({ ...baseFields, ...SAFETY, gtin: "9638-5074", responsiblePerson: "EU Rep GmbH, Hauptstraße 1, 10115 Berlin" }, false)),
      { id: row!.id },
    );
    expect(statusOf(edited)).toBe(302);
    expect((await getProduct(row!.id))!).toMatchObject({ gtin: "96385074", responsiblePerson: "EU Rep GmbH, Hauptstraße 1, 10115 Berlin" });
    await test.db.query("delete from public.products where id = $1", [row!.id]);
  });

  it("a wrong GTIN is refused with 400 and its message, and nothing is written", async () => {
    const t = getTranslator("de");
    const before = await count();
    const refused = await run(createAction as RouteFn, post("/admin/products?index", form({ ...baseFields, intent: "create-product", ...SAFETY, gtin: "4006381333932" }, true)));
    expect(statusOf(refused)).toBe(400);
    const reply = (refused as { data: { error: Record<string, string[]>; initialValue: Record<string, string> } }).data;
    expect(reply.error.gtin).toEqual(["admin.product.errors.gtin"]);
    expect(t("admin.product.errors.gtin")).toBe("Keine gültige GTIN: 8, 12, 13 oder 14 Ziffern mit richtiger Prüfziffer.");
    // The typed values come back to the form.
    expect(reply.initialValue).toMatchObject({ gtin: "4006381333932", manufacturerName: SAFETY.manufacturerName });
    expect(await count()).toBe(before);
    expect(await test.db.query("select 1 from public.products where name = 'Safety Shelf'")).toEqual([]);

    const deskBefore = (await getProduct(DESK))!;
    const refusedEdit = await run(editAction as RouteFn, post(`/admin/products/${DESK}`, form({ ...baseFields, gtin: "123", manufacturerEmail: "not an address" }, false)), { id: DESK });
    expect(statusOf(refusedEdit)).toBe(400);
    const editReply = (refusedEdit as { data: { error: Record<string, string[]> } }).data;
    expect(editReply.error).toMatchObject({ gtin: ["admin.product.errors.gtin"], manufacturerEmail: ["admin.product.errors.manufacturerEmail"] });
    expect(await getProduct(DESK)).toEqual(deskBefore);
  });

  it("the CSV export carries the safety columns, formulas neutralised", async () => {
    await test.db.query("update public.products set manufacturer_name = $2, safety_info_de = $3 where id = $1", [DESK, "=HYPERLINK(\"x\")", "Kippgefahr; \"Wand\""]);
    const csv = (await run(exportLoader as RouteFn, new Request(`${ORIGIN}/admin/export.csv`, { headers: { Cookie: adminCookie } }))) as Response;
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    const header = lines[0]!.split(",");
    expect(header.slice(-9)).toEqual([
      "manufacturerName", "manufacturerAddress", "manufacturerEmail", "responsiblePerson", "gtin",
      "safetyInfo", "safetyInfoDE", "safetyInfoFr", "safetyInfoAr",
    ]);
    const desk = lines.find((line) => line.startsWith(DESK))!;
    expect(desk).toContain(`,"'=HYPERLINK(""x"")","Friedrichstraße 123, 10117 Berlin, Deutschland",info@officehaus.example,,2026000000060,`);
    expect(desk).toContain(`,"Kippgefahr; ""Wand""",`);
  });
});
