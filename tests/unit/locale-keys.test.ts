import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../app/locales");
const others = ["en", "fr", "ar"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

/** Every text key of a catalogue, plural variants folded into their base key. */
function keysOf(tree: Tree, prefix = ""): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") keys.add(full.replace(PLURAL, ""));
    else for (const nested of keysOf(value, full)) keys.add(nested);
  }
  return keys;
}

function read(locale: string, file: string): Tree {
  return JSON.parse(readFileSync(path.join(root, locale, file), "utf8")) as Tree;
}

const namespaces = readdirSync(path.join(root, "de")).filter((file) => file.endsWith(".json"));

describe("locale catalogues", () => {
  it("has namespaces to compare", () => {
    expect(namespaces).toEqual(expect.arrayContaining(["common.json", "product.json", "catalogue.json", "home.json", "offers.json"]));
  });
  for (const file of namespaces) {
    for (const locale of others) {
      it(`${locale}/${file} has every key of de/${file}`, () => {
        const expected = keysOf(read("de", file));
        const actual = keysOf(read(locale, file));
        const missing = [...expected].filter((key) => !actual.has(key));
        expect(missing, `missing in ${locale}/${file}`).toEqual([]);
      });
    }
  }
  it("the spec's quoted messages are verbatim in their language", () => {
    const get = (locale: string, file: string, key: string) =>
      key.split(".").reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), read(locale, file));
    expect(get("en", "common.json", "notFound.title")).toBe("Oops! Page not found");
    expect(get("en", "common.json", "notFound.home")).toBe("Return to Home");
    expect(get("ar", "common.json", "pageErrors.productNotFound.title")).toBe("المنتج غير موجود");
    expect(get("ar", "product.json", "emptyFiltered")).toBe("لا توجد منتجات تطابق معايير البحث");
    expect(get("ar", "product.json", "emptyAll")).toBe("لا توجد منتجات متاحة");
    expect(get("de", "common.json", "pageErrors.categoryNotFound.title")).toBe("Kategorie nicht gefunden");
    expect(get("de", "common.json", "pageErrors.categoryNotFound.message")).toBe("Entschuldigung, die angeforderte Kategorie ist nicht verfügbar.");
    expect(get("de", "home.json", "hero.cta")).toBe("Zur Premium-Kollektion");
  });
});
