import { describe, expect, it } from "vitest";
import { createTranslator, type Messages } from "~/i18n/translate";

const messages: Messages = {
  cart: {
    title: "Warenkorb",
    greeting: "Hallo {{name}}, Sie haben {{ count }} Artikel",
    items_one: "{{count}} Artikel",
    items_other: "{{count}} Artikel (mehrere)",
    items_zero: "Keine Artikel",
    nested: { deep: { key: "tief" } },
  },
  plain: "{{missing}} bleibt",
};

describe("createTranslator", () => {
  const t = createTranslator(messages, "de");
  it("looks up dotted keys in nested catalogues", () => {
    expect(t("cart.title")).toBe("Warenkorb");
    expect(t("cart.nested.deep.key")).toBe("tief");
  });
  it("shows the key itself for a missing key or a key that is not a text", () => {
    expect(t("cart.nope")).toBe("cart.nope");
    expect(t("cart.nested")).toBe("cart.nested");
    expect(t("cart.title.more")).toBe("cart.title.more");
    expect(t("")).toBe("");
  });
  it("interpolates {{name}} (with or without spaces) and leaves unknown placeholders", () => {
    expect(t("cart.greeting", { name: "Anna", count: 3 })).toBe("Hallo Anna, Sie haben 3 Artikel");
    expect(t("plain", { other: 1 })).toBe("{{missing}} bleibt");
  });
  it("chooses the plural form by count", () => {
    expect(t("cart.items", { count: 1 })).toBe("1 Artikel");
    expect(t("cart.items", { count: 2 })).toBe("2 Artikel (mehrere)");
    expect(t("cart.items", { count: 0 })).toBe("Keine Artikel");
  });
  it("uses _other when the language's form is missing (Arabic has few/many/two)", () => {
    const ar = createTranslator({ n_one: "واحد", n_other: "{{count}} عناصر", n_two: "اثنان" }, "ar");
    expect(ar("n", { count: 1 })).toBe("واحد");
    expect(ar("n", { count: 2 })).toBe("اثنان");
    expect(ar("n", { count: 5 })).toBe("5 عناصر");
    expect(ar("n", { count: 11 })).toBe("11 عناصر");
  });
  it("falls back to the key without suffix when no plural forms exist", () => {
    expect(t("cart.title", { count: 4 })).toBe("Warenkorb");
  });
});
