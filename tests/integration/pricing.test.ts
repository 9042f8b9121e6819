import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { checkoutInput, defaultAddress } from "../factories";
import { addToCart } from "~/models/cart.server";
import { getOrderForViewer, placeOrder } from "~/models/order.server";
import { getAdminOrder } from "~/models/order-admin.server";
import { getProduct, listFeaturedProducts, priceIn, toProductCard, toProductView } from "~/models/product.server";
import { listFavoriteProducts, toggleFavorite } from "~/models/favorite.server";
import { queryProducts } from "~/models/product-query.server";
import { createProduct, updateProduct, type ProductInput } from "~/models/product-write.server";
import { getOfferSection } from "~/models/offer.server";
import { migrate, migrations } from "~/db/migrate.server";

const CHAIR = "00000000-0000-4000-8000-000000000027"; // demo: reduced 6 days ago after 90 days at 299 €
const HEADPHONES = "00000000-0000-4000-8000-000000000031"; // demo: at 99 € from day −24 to −14, again since day −4

const base: ProductInput = {
  name: "History lamp", nameDE: "", nameFr: "", nameAr: "مصباح", description: "", descriptionDE: "", descriptionFr: "", descriptionAr: "",
  price: 1000, priceEUR: 2990, priceCHF: 3190, salePrice: null, salePriceEUR: null, salePriceCHF: null,
  stock: 5, category: "home-office", featured: false, inStock: true, tags: [],
  manufacturerName: "", manufacturerAddress: "", manufacturerEmail: "", responsiblePerson: "", gtin: null,
  safetyInfo: "", safetyInfoDE: "", safetyInfoFr: "", safetyInfoAr: "",
};
const media = { image: "/images/x.svg", images: ["/images/x.svg"], additionalImages: [], videoUrl: null };

describe.each(testDbKinds)("pricing on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  const history = (id: string) =>
    test.db.query<{ currency: string; price: string; sale_price: string | null }>(
      "select currency, price::text, sale_price::text from public.product_price_history where product_id = $1 order by id",
      [id],
    );

  it("writes the price history per currency when a product is created and when a price or sale price changes, not otherwise", async () => {
    const id = await createProduct(base, media);
    expect(await history(id)).toEqual([
      { currency: "EUR", price: "29.90", sale_price: null },
      { currency: "CHF", price: "31.90", sale_price: null },
    ]);
    // Only texts and stock change: no row.
    await updateProduct(id, { ...base, name: "Renamed lamp", stock: 9 });
    expect(await history(id)).toHaveLength(2);
    // A sale price in EUR only: one EUR row.
    await updateProduct(id, { ...base, salePriceEUR: 2490 });
    expect((await history(id)).slice(2)).toEqual([{ currency: "EUR", price: "29.90", sale_price: "24.90" }]);
    // The CHF price changes: one CHF row.
    await updateProduct(id, { ...base, salePriceEUR: 2490, priceCHF: 3290 });
    expect((await history(id)).slice(3)).toEqual([{ currency: "CHF", price: "32.90", sale_price: null }]);
  });

  it("writes the history in the transaction of the change: a change rolled back leaves no row", async () => {
    const id = await createProduct(base, media);
    await expect(
      test.db.transaction(async (tx) => {
        await updateProduct(id, { ...base, salePriceEUR: 1990 }, {}, tx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await history(id)).toHaveLength(2);
    expect((await getProduct(id))?.salePriceEUR).toBeNull();
  });

  it("refuses a sale price that is not below the price (database check)", async () => {
    const id = await createProduct(base, media);
    await expect(updateProduct(id, { ...base, salePriceEUR: 2990 })).rejects.toThrow();
    expect(await history(id)).toHaveLength(2);
  });

  it("a fresh reduction has no 30-day reference (nothing known before it); charged is the sale price", async () => {
    const id = await createProduct({ ...base, salePriceEUR: 1990 }, media);
    const product = (await getProduct(id))!;
    expect(priceIn(product, "EUR")).toEqual({ price: 1990, regularPrice: 2990, referencePrice: null });
    expect(toProductView(product, "de", "EUR")).toMatchObject({ price: 1990, referencePrice: null, discount: null });
  });

  it("the demo data shows both cases: a valid 30-day reference, and a reduction that may name none", async () => {
    const chair = (await getProduct(CHAIR))!;
    expect(toProductView(chair, "de", "EUR")).toMatchObject({ price: 19900, referencePrice: 29900, discount: 33 });
    expect(toProductView(chair, "de", "CHF")).toMatchObject({ price: 21190, referencePrice: 31790 });
    const headphones = (await getProduct(HEADPHONES))!;
    expect(toProductView(headphones, "en", "EUR")).toMatchObject({ price: 9900, referencePrice: null, discount: null });
  });

  it("every card of the reduced chair names its 30-day reference: the listing, the featured products and a visitor's favourites", async () => {
    const chairCard = { id: CHAIR, price: 19900, referencePrice: 29900, discount: 33 };
    const page = await queryProducts({ q: "ergonomic mesh office chair", inStock: false, sort: "relevance", page: 1, pageSize: 24 }, "de", "EUR");
    expect(page.products.map((product) => toProductCard(product, "de", "EUR"))).toContainEqual(expect.objectContaining(chairCard));
    await test.db.query("update public.products set featured = true where id = $1", [CHAIR]);
    const featured = await listFeaturedProducts(50);
    expect(featured.map((product) => toProductCard(product, "de", "EUR"))).toContainEqual(expect.objectContaining(chairCard));
    const owner = { sessionId: `pricing-${kind}-${randomUUID()}` };
    await toggleFavorite(owner, CHAIR);
    const favorites = await listFavoriteProducts(owner);
    expect(favorites.map((product) => toProductCard(product, "de", "EUR"))).toEqual([expect.objectContaining(chairCard)]);
  });

  it("offers show their product's price in the active currency and their texts in the active language", async () => {
    const chf = await getOfferSection("en", "CHF");
    const chairOffer = chf.offers.find((offer) => offer.productId === CHAIR)!;
    expect(chairOffer.product).toMatchObject({ name: "Ergonomic Mesh Office Chair", price: 21190, referencePrice: 31790, currency: "CHF" });
    expect(chairOffer.titleEn).toBe("Ergonomics week: mesh office chair");
  });

  it("stores the VAT rate of the delivery country on each order line; the order shows the VAT by rate", async () => {
    const product = await createProduct({ ...base, stock: 50, salePriceEUR: 2490, salePriceCHF: 2690 }, media);
    const placed: Record<string, string> = {};
    for (const [country, currency] of [["DE", "EUR"], ["CH", "CHF"], ["AT", "EUR"]] as const) {
      const owner = { sessionId: randomUUID() };
      await addToCart(owner, product, 3);
      const input = checkoutInput({ shippingAddress: { ...defaultAddress, city: "Ort", country } });
      const { orderId } = await placeOrder({ owner, userId: null, sessionId: owner.sessionId, input, currency, locale: "de" });
      placed[country] = orderId;
    }
    const rates = async (orderId: string) =>
      (await test.db.query<{ vat_rate: string; unit_price: string }>("select vat_rate::text, unit_price::text from public.order_items where order_id = $1", [orderId]))[0];
    expect(await rates(placed.DE!)).toEqual({ vat_rate: "19.00", unit_price: "24.90" });
    expect(await rates(placed.CH!)).toEqual({ vat_rate: "8.10", unit_price: "26.90" });
    expect(await rates(placed.AT!)).toEqual({ vat_rate: "19.00", unit_price: "24.90" });

    const de = (await getOrderForViewer(placed.DE!, { userId: null, sessionId: null, isAdmin: true }))!;
    // 3 × 24.90 = 74.70 gross; 19 % contained: 11.93; net 62.77.
    expect(de.vat).toEqual([{ rate: 1900, gross: 7470, vat: 1193, net: 6277 }]);
    expect(de.items[0]).toMatchObject({ vatRate: 1900 });
    const ch = (await getAdminOrder(placed.CH!))!;
    // 3 × 26.90 = 80.70 CHF; 8.1 % contained: 6.05.
    expect(ch.vat).toEqual([{ rate: 810, gross: 8070, vat: 605, net: 7465 }]);
    // Invoice numbers are consecutive.
    const numbers = await Promise.all(Object.values(placed).map(async (id) => (await getOrderForViewer(id, { userId: null, sessionId: null, isAdmin: true }))!.invoiceNumber));
    expect(numbers[1]! - numbers[0]!).toBe(1);
    expect(numbers[2]! - numbers[1]!).toBe(1);
  });
});

describe("the pricing migration on an existing shop", () => {
  it("turns original prices into sale prices, gives old order lines their country's rate and old orders invoice numbers", async () => {
    const test = await createTestDatabase("pglite", { seed: false });
    try {
      const version = "20260105000300_pricing";
      // The shop as it was before this migration: the earlier migrations only.
      await test.db.exec("drop schema public cascade; create schema public;");
      await test.db.exec("drop schema if exists auth cascade;");
      const earlier = migrations.filter((m) => m.version < version);
      await test.db.transaction(async (tx) => {
        for (const m of earlier) await tx.exec(m.sql);
        await tx.exec("create table public.schema_migrations (version text primary key, applied_at timestamptz not null default now())");
        for (const m of earlier) await tx.query("insert into public.schema_migrations (version) values ($1)", [m.version]);
      });
      const [product] = await test.db.query<{ id: string }>(
        `insert into public.products (name, category, price, price_eur, price_chf, original_price, original_price_eur, original_price_chf)
         values ('Old', 'home-office', 10, 199, 211.90, 12, 299, 317.90) returning id`,
      );
      for (const country of ["DE", "CH"]) {
        const [order] = await test.db.query<{ id: string }>(
          `insert into public.orders (customer_name, customer_email, total_amount, currency, shipping_address, billing_address, payment_method)
           values ('A', 'a@example.com', 199, 'EUR', $1::text::jsonb, '{}'::jsonb, 'cash_on_delivery') returning id`,
          [JSON.stringify({ country })],
        );
        await test.db.query(
          `insert into public.order_items (order_id, product_id, product_name, quantity, unit_price, total_price, currency)
           values ($1, $2, 'Old', 1, 199, 199, 'EUR')`,
          [order!.id, product!.id],
        );
      }
      expect(await migrate(test.db)).toContain(version);
      const [row] = await test.db.query<Record<string, string | null>>(
        "select price_eur::text, sale_price_eur::text, price_chf::text, sale_price_chf::text from public.products where id = $1",
        [product!.id],
      );
      expect(row).toEqual({ price_eur: "299.00", sale_price_eur: "199.00", price_chf: "317.90", sale_price_chf: "211.90" });
      const rates = await test.db.query<{ country: string; vat_rate: string; invoice_number: string }>(
        `select o.shipping_address ->> 'country' as country, i.vat_rate::text, o.invoice_number::text
           from public.order_items i join public.orders o on o.id = i.order_id order by o.invoice_number`,
      );
      expect(rates.map((r) => [r.country, r.vat_rate])).toEqual([["DE", "19.00"], ["CH", "8.10"]]);
      expect(rates.map((r) => r.invoice_number)).toEqual(["1", "2"]);
      expect(await test.db.query("select 1 from public.product_price_history where product_id = $1", [product!.id])).toHaveLength(2);
    } finally {
      await test.close();
    }
  }, 240_000);
});
