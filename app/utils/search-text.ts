/*
 * How a search query is read (browser-safe; the database folds the catalogue the same way:
 * search_fold in supabase/migrations/20261129000000_search.sql, and
 * tests/integration/search-index.test.ts checks that both agree).
 */

/** The longest query the search form takes (its maxLength); longer input is cut to it. */
export { MAX_QUERY_LENGTH } from "./catalogue-params";
/** A query's first words are searched; more are left out (and the page says so). */
export const MAX_QUERY_WORDS = 8;
/** A longer "word" is cut (no catalogue word is longer). */
export const MAX_WORD_LENGTH = 60;

const LATIN_WITH_MARKS = /[\u00C0-\u024F\u1E00-\u1EFF]/g;
const SPECIAL_LATIN: Record<string, string> = {
  ß: "ss", ẞ: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ħ: "h", ı: "i", ŀ: "l", ŧ: "t",
};
/** Arabic short vowels and other marks (tashkeel), the superscript alef and the tatweel. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;

/**
 * The form in which query words and catalogue words are compared: lower case, accents removed
 * ("é" → "e", "ü" → "u"), "ß" as "ss", Arabic diacritics removed. What Postgres's unaccent does.
 */
export function foldSearchText(value: string): string {
  return value
    .normalize("NFC")
    .toLowerCase()
    .replace(ARABIC_MARKS, "")
    .replace(LATIN_WITH_MARKS, (char) => SPECIAL_LATIN[char] ?? char.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .replace(/[ßẞ]/g, "ss");
}

/** "ä/ö/ü" written as "ae/oe/ue" (and "ß" as "ss"), as typed without a German keyboard. */
export function transliterateUmlauts(value: string): string {
  return value.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss");
}

export interface QueryWords {
  /** The folded words, in order, at most MAX_QUERY_WORDS (repeats removed). */
  words: string[];
  /** The same words as typed (lower case, accents kept): stop-word lists spell "für", "über". */
  typed: string[];
  /** Whether words beyond MAX_QUERY_WORDS were left out. */
  tooManyWords: boolean;
}

/**
 * The words of a query: folded, split at everything that is not a letter or a digit (so `%`, `_`,
 * `\`, quotes, emoji and punctuation are never searched for), single characters left out.
 */
export function queryWords(query: string): QueryWords {
  const found = new Map<string, string>();
  const typed = query.normalize("NFC").toLowerCase().replace(ARABIC_MARKS, "").split(/[^\p{L}\p{N}\p{M}]+/u);
  for (const word of typed) {
    const folded = foldSearchText(word).replace(/[^\p{L}\p{N}]/gu, "").slice(0, MAX_WORD_LENGTH);
    if ([...folded].length > 1 && !found.has(folded)) found.set(folded, word.slice(0, MAX_WORD_LENGTH));
  }
  const words = [...found.keys()];
  return {
    words: words.slice(0, MAX_QUERY_WORDS),
    typed: words.slice(0, MAX_QUERY_WORDS).map((word) => found.get(word)!),
    tooManyWords: words.length > MAX_QUERY_WORDS,
  };
}

/** How many typing mistakes a word may have and still match: one from five letters, two from ten. */
export function typoBudget(word: string): number {
  const length = [...word].length;
  if (/^\p{N}+$/u.test(word)) return 0;
  return length >= 10 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The edit distance between two words (insertions, deletions, substitutions and swaps of two
 * neighbouring letters each count one), or `max + 1` as soon as it is certain to exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = new Array<number>(t.length + 1).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}

/** How a catalogue word matches a query word, best first; null when it does not. */
export type WordMatch = "exact" | "typo" | "part";

/**
 * Whether catalogue word `candidate` stands for query word `word`: the same word; within the
 * word's typo budget; or containing it as a part of a compound word ("stuhl" in "burostuhl"),
 * from four letters on.
 */
export function matchWord(word: string, candidate: string): WordMatch | null {
  if (candidate === word) return "exact";
  const budget = typoBudget(word);
  if (budget > 0 && editDistance(word, candidate, budget) <= budget) return "typo";
  if ([...word].length >= 4 && candidate.includes(word)) return "part";
  return null;
}

/**
 * The ways to read a long word as two words of the catalogue joined ("schreibtischlampe" →
 * "schreibtisch" + "lampe"; "kaffemaschine" → "kaffe" + "maschine"), each part at least three
 * letters, with and without a linking "s" (Fugen-s: "arbeitsplatz" → "arbeit" + "platz").
 */
export function compoundSplits(word: string): Array<[string, string]> {
  const letters = [...word];
  const splits: Array<[string, string]> = [];
  if (letters.length < 7) return splits;
  for (let i = 3; i <= letters.length - 3; i++) {
    const head = letters.slice(0, i).join("");
    const tail = letters.slice(i).join("");
    splits.push([head, tail]);
    if (head.endsWith("s") && i - 1 >= 3) splits.push([letters.slice(0, i - 1).join(""), tail]);
  }
  return splits;
}

/** A word as a tsquery lexeme (words hold only letters and digits; quotes are doubled anyway). */
export function lexeme(word: string): string {
  return `'${word.replace(/'/g, "''").replace(/\\/g, "\\\\")}'`;
}
