import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fallbackMessages } from "~/i18n/use-t";

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ""): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

const german = { common: JSON.parse(readFileSync(path.resolve(__dirname, "../../app/locales/de/common.json"), "utf8")) as Tree };
const lookup = (key: string) => key.split(".").reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), german);

describe("the texts for a page whose root loader failed", () => {
  it("are the German catalogue's words (the error texts carry the English beside them)", () => {
    const all = entries(fallbackMessages as Tree);
    // The degraded header and footer show these; each must exist in the catalogue.
    for (const key of ["common.nav.home", "common.nav.main", "common.footer.legal", "common.footer.impressum", "common.footer.privacy", "common.company.address"]) {
      expect(all.map(([k]) => k), key).toContain(key);
    }
    for (const [key, text] of all) {
      const catalogue = lookup(key);
      expect(typeof catalogue, key).toBe("string");
      if (key.startsWith("common.error.") || key.startsWith("common.notFound.")) continue;
      expect(text, key).toBe(catalogue);
    }
  });
});
