import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { startUserSession } from "~/auth/session.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { getOfferSection, saveOfferSection } from "~/models/offer.server";
import { isShopMediaUrl } from "~/utils/media-storage.server";
import { offersFormSchema } from "~/components/admin/offers-editor.schema";
import { action as offersAction } from "~/routes/admin.offers";

/*
 * An offer's image must be one of the shop's own (what the Content-Security-Policy's img-src lets
 * the home page show: this site's paths, or the Supabase project's public Storage): anything else
 * is a 400 with a translated message, and an address stored before is not shown.
 */

const ORIGIN = "http://localhost:3000";
const SUPABASE = "https://abcdefgh.supabase.co";
const E = "admin.offers.errors.imageUrl";

const FOREIGN = [
  "https://evil.example/x.png",
  "http://evil.example/x.png",
  "//evil.example/x.png",
  "/\\evil.example/x.png",
  "javascript:alert(1)",
  "data:image/svg+xml;base64,PHN2Zy8+",
  "/images/../logout",
  "/logout",
  `${SUPABASE}.evil.example/storage/v1/object/public/media/x.png`,
  `https://abcdefgh.supabase.co@evil.example/storage/v1/object/public/media/x.png`,
  `${SUPABASE}/auth/v1/user`,
];

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;
type Reply = { data: { error?: Record<string, string[]> }; init: ResponseInit | null };

async function run(fn: RouteFn, request: Request) {
  try {
    return (await fn({ request, params: {}, context: {} })) as Response | Reply;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (result: Response | Reply) => (result instanceof Response ? result.status : (result.init?.status ?? 200));

function offersForm(image: string) {
  const form = new FormData();
  form.append("title", "");
  form.append("subtitle", "");
  form.append("offers[0].title", "Deal");
  form.append("offers[0].timeLeft", "3 Tage");
  form.append("offers[0].image", image);
  return form;
}

describe("which image addresses are the shop's own", () => {
  beforeEach(() => {
    vi.stubEnv("SUPABASE_URL", SUPABASE);
    return () => vi.unstubAllEnvs();
  });

  it("this site's image and upload paths and the Supabase project's public Storage objects; nothing else", () => {
    for (const url of ["/images/offers/espresso.svg", "/uploads/0b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c11.png", `${SUPABASE}/storage/v1/object/public/media/0b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c11.png`]) {
      expect(isShopMediaUrl(url), url).toBe(true);
    }
    for (const url of FOREIGN) expect(isShopMediaUrl(url), url).toBe(false);
    vi.stubEnv("SUPABASE_URL", "");
    expect(isShopMediaUrl(`${SUPABASE}/storage/v1/object/public/media/x.png`)).toBe(false);
  });

  it("the form's schema already refuses what is no address of an image at all", () => {
    for (const image of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/x.png", "/images/../logout", "/logout"]) {
      const parsed = offersFormSchema.safeParse({ offers: [{ title: "Deal", image }] });
      expect(parsed.success, image).toBe(false);
      if (!parsed.success) expect(parsed.error.issues.map((issue) => issue.message), image).toEqual([E]);
    }
  });

  it("has the message in every language", () => {
    const texts = (["de", "en", "fr", "ar"] as const).map((locale) => getTranslator(locale)(E));
    for (const text of texts) {
      expect(text).not.toBe(E);
      expect(text).toContain("/uploads/");
    }
    expect(new Set(texts).size).toBe(4);
  });
});

describe.each(testDbKinds)("offer images on %s", (kind) => {
  let test: TestDatabase;
  let adminCookie: string;
  let dataDir: string;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "offer-images-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("SESSION_SECRET", "offer-images-test");
    vi.stubEnv("SITE_URL", ORIGIN);
    vi.stubEnv("ADMIN_EMAILS", "");
    vi.stubEnv("SUPABASE_URL", SUPABASE);
    const [admin] = await test.db.query<{ user_id: string }>("select user_id from public.profiles where email = 'admin@example.com'");
    adminCookie = (await startUserSession(new Request(ORIGIN), { id: admin!.user_id })).split(";")[0]!;
    return () => {
      vi.unstubAllEnvs();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });

  const save = (image: string) =>
    run(
      offersAction as RouteFn,
      new Request(`${ORIGIN}/admin/offers`, { method: "POST", headers: { Origin: ORIGIN, Cookie: adminCookie }, body: offersForm(image) }),
    );

  it("refuses every other address with a 400 and the message at the field, saving nothing", async () => {
    const before = await getOfferSection();
    for (const image of FOREIGN) {
      const result = await save(image);
      expect(statusOf(result), image).toBe(400);
      expect((result as Reply).data.error?.["offers[0].image"], image).toEqual([E]);
    }
    expect(await getOfferSection()).toEqual(before);
  });

  it("saves the shop's own images", async () => {
    for (const image of ["/images/offers/espresso.svg", `${SUPABASE}/storage/v1/object/public/media/0b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c11.png`]) {
      const result = await save(image);
      expect(statusOf(result), image).toBe(302);
      expect((await getOfferSection()).offers.map((offer) => offer.image)).toEqual([image]);
    }
  });

  it("shows no image for an address stored before (instead of one the browser blocks)", async () => {
    const offer = {
      title: "Alt", titleEn: "", titleFr: "", titleAr: "", subtitle: "", subtitleEn: "", subtitleFr: "", subtitleAr: "",
      timeLeft: "", timeLeftEn: "", timeLeftFr: "", timeLeftAr: "", featured: false, productId: null,
    };
    await saveOfferSection({
      title: null,
      subtitle: null,
      offers: [{ ...offer, image: "https://evil.example/x.png" }, { ...offer, image: "javascript:alert(1)" }, { ...offer, image: "/images/offers/espresso.svg" }],
    });
    expect((await getOfferSection()).offers.map((o) => o.image)).toEqual(["", "", "/images/offers/espresso.svg"]);
  });
});
