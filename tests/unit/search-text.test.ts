import { describe, expect, it } from "vitest";
import {
  compoundSplits,
  editDistance,
  foldSearchText,
  lexeme,
  matchWord,
  MAX_QUERY_WORDS,
  queryWords,
  transliterateUmlauts,
  typoBudget,
} from "~/utils/search-text";
import { parseCatalogueParams } from "~/utils/catalogue-params";

describe("folding a search text", () => {
  it("folds case and accents, ß as ss, the way Postgres's unaccent does", () => {
    expect(foldSearchText("BÜROSTÜHLE")).toBe("burostuhle");
    expect(foldSearchText("Fußstütze")).toBe("fussstutze");
    expect(foldSearchText("GROẞE Größe")).toBe("grosse grosse");
    expect(foldSearchText("Étagère murale à café")).toBe("etagere murale a cafe");
    expect(foldSearchText("Œuvre Æsir Søren Łódź")).toBe("oeuvre aesir soren lodz");
  });

  it("removes Arabic diacritics and the tatweel, and leaves the letters alone", () => {
    expect(foldSearchText("مُونْسْتِيرَا")).toBe("مونستيرا");
    expect(foldSearchText("مـــكتب")).toBe("مكتب");
    // Hamza forms are letters, not marks: they stay (the Arabic stemmer normalises them).
    expect(foldSearchText("إسبريسو")).toBe("إسبريسو");
  });

  it("the same text typed as composed or decomposed characters folds alike", () => {
    expect(foldSearchText("Bu\u0308rostuhl")).toBe(foldSearchText("B\u00fcrostuhl"));
  });

  it("writes umlauts as ae/oe/ue and ß as ss", () => {
    expect(transliterateUmlauts("Höhenverstellbare Bürostühle, groß")).toBe("hoehenverstellbare buerostuehle, gross");
  });
});

describe("the words of a query", () => {
  it("splits at everything but letters and digits, so LIKE wildcards, quotes and emoji are never searched", () => {
    expect(queryWords("Schreibtisch-Lampe, 100 cm!").words).toEqual(["schreibtisch", "lampe", "100", "cm"]);
    expect(queryWords("%").words).toEqual([]);
    expect(queryWords("_ \\ ' \" ;").words).toEqual([]);
    expect(queryWords("🪑🪑 💡").words).toEqual([]);
    expect(queryWords("   ").words).toEqual([]);
    expect(queryWords("' OR 1=1 --").words).toEqual(["or"]);
  });

  it("keeps each word as typed beside its folded form (stop-word lists spell 'für')", () => {
    expect(queryWords("Für BÜROSTÜHLE").words).toEqual(["fur", "burostuhle"]);
    expect(queryWords("Für BÜROSTÜHLE").typed).toEqual(["für", "bürostühle"]);
  });

  it("keeps mixed scripts, drops single characters and repeats", () => {
    expect(queryWords("LED مصباح lampe LED x 4 A4").words).toEqual(["led", "مصباح", "lampe", "a4"]);
  });

  it("takes the first eight words and says when it left some out", () => {
    const many = queryWords(Array.from({ length: 12 }, (_, i) => `wort${i}`).join(" "));
    expect(many.words).toHaveLength(MAX_QUERY_WORDS);
    expect(many.tooManyWords).toBe(true);
    expect(queryWords("ein zwei").tooManyWords).toBe(false);
  });

  it("cuts an absurdly long word", () => {
    expect(queryWords("a".repeat(10_000)).words[0]).toHaveLength(60);
  });
});

describe("typos", () => {
  it("allows one typo from five letters and two from ten, none in numbers", () => {
    expect(typoBudget("lamp")).toBe(0);
    expect(typoBudget("lampe")).toBe(1);
    expect(typoBudget("schreibtisch")).toBe(2);
    expect(typoBudget("123456789012")).toBe(0);
  });

  it("counts insertions, deletions, substitutions and swapped neighbours as one edit each", () => {
    expect(editDistance("schreibtish", "schreibtisch")).toBe(1);
    expect(editDistance("headphnoes", "headphones")).toBe(1);
    expect(editDistance("kopfhorer", "kopfhoerer")).toBe(1);
    expect(editDistance("lampe", "lampe")).toBe(0);
    expect(editDistance("abc", "xyz")).toBe(3);
    // Gives up early: more than `max` is max + 1.
    expect(editDistance("stuhl", "schreibtischlampe", 2)).toBe(3);
  });

  it("a catalogue word matches a query word exactly, with a typo, or as a compound containing it", () => {
    expect(matchWord("stuhl", "stuhl")).toBe("exact");
    expect(matchWord("stuhl", "burostuhl")).toBe("part");
    expect(matchWord("schreibtish", "schreibtisch")).toBe("typo");
    expect(matchWord("lamp", "lampe")).toBe("part");
    // Four letters: no typo allowed.
    expect(matchWord("lamp", "lump")).toBeNull();
    // Three letters: not a part of a longer word either.
    expect(matchWord("led", "leder")).toBeNull();
    expect(matchWord("espressomaschiene", "espressomaschine")).toBe("typo");
    expect(matchWord("monitor", "mousepad")).toBeNull();
  });
});

describe("compound words", () => {
  it("reads a long word as two words joined, with and without a linking s", () => {
    expect(compoundSplits("kaffemaschine")).toContainEqual(["kaffe", "maschine"]);
    expect(compoundSplits("schreibtischlampe")).toContainEqual(["schreibtisch", "lampe"]);
    expect(compoundSplits("arbeitsplatz")).toContainEqual(["arbeit", "platz"]);
    expect(compoundSplits("lampe")).toEqual([]);
    for (const [head, tail] of compoundSplits("kaffemaschine")) {
      expect(head.length).toBeGreaterThanOrEqual(3);
      expect(tail.length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("tsquery lexemes", () => {
  it("quotes a word so it can never be an operator", () => {
    expect(lexeme("lampe")).toBe("'lampe'");
    expect(lexeme("it's")).toBe("'it''s'");
    expect(lexeme("a\\b")).toBe("'a\\\\b'");
  });
});

describe("the relevance sort", () => {
  it("is the default with a search text, and not offered without one", () => {
    expect(parseCatalogueParams(new URLSearchParams("q=lampe")).sort).toBe("relevance");
    expect(parseCatalogueParams(new URLSearchParams("q=lampe&sort=price-low")).sort).toBe("price-low");
    expect(parseCatalogueParams(new URLSearchParams("")).sort).toBe("standard");
    expect(parseCatalogueParams(new URLSearchParams("sort=relevance")).sort).toBe("standard");
    expect(parseCatalogueParams(new URLSearchParams("q=lampe&sort=nonsense")).sort).toBe("relevance");
  });
});
