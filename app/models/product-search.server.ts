import { getDb } from "~/db/db.server";
import type { Queryable } from "~/db/database.server";
import { memoizedCatalogueRead } from "~/db/catalogue-version.server";
import type { Locale } from "~/i18n/config";
import { categories, categoryName } from "~/data/categories";
import {
  compoundSplits,
  foldSearchText,
  lexeme,
  matchWord,
  queryWords,
  typoBudget,
  type WordMatch,
} from "~/utils/search-text";

/*
 * What a search query means in the catalogue (docs/search.md, "Search understands German and Swiss
 * spelling"). Each word of the query becomes a set of alternatives, any of which a product may
 * contain: the word itself and its stem in each shop language (Postgres's snowball dictionaries),
 * and the catalogue's own words (table search_words, trigram index) that are the same word with a
 * typo or contain it as part of a compound word; a long word that is not in the catalogue may also
 * be two catalogue words joined. Every word must match (a tsquery: alternatives OR'd, words AND'd),
 * searched on the GIN index of products.search_vector. The migration
 * 20261129000000_search.sql builds that vector and the word list, in the product write's transaction.
 */

/** How many catalogue words one query word may stand for (the closest first). */
const MAX_ALTERNATIVES = 20;

export type SearchKind = "words" | "noWords" | "stopWords";

export interface SearchPlan {
  kind: SearchKind;
  /** The folded words searched for (stop words left out). */
  words: string[];
  /** Words left out as stop words ("und", "the", "de"). */
  ignored: string[];
  tooManyWords: boolean;
  /** Every word with all its alternatives: what a product must contain. */
  tsquery: string;
  /** All the query's folded words joined by spaces: equal to a folded product name, that product comes first. */
  phrase: string;
  /** Query words the catalogue has no word for (not even with a typo), with the closest it has. */
  unmatched: Array<{ word: string; closest?: string }>;
}

/** What the stemmers say of a word: its stems in the four languages ('' for a stop word), and whether it is a stop word. */
interface Stems {
  /** A stop word of any shop language (checked as typed: the lists spell "für"). */
  stop: boolean;
  de: string;
  en: string;
  fr: string;
  ar: string;
}

interface WordRow extends Stems {
  probe: string;
  words: string[];
  displays: string[];
}

interface Probe {
  row: WordRow;
  /** Catalogue words that stand for the probe, best first. */
  matches: Array<{ word: string; display: string; match: WordMatch }>;
}

const MATCH_ORDER: Record<WordMatch, number> = { exact: 0, typo: 1, part: 2 };

/**
 * The stems of the words looked up lately. They depend on the word and the database's
 * dictionaries, never on the catalogue, so they are kept for as long as the process runs (the
 * latest few thousand words): stemming in four languages was a third of a word's lookup.
 */
const knownStems = new Map<string, Stems>();
const STEMS_KEPT = 5000;

function keepStems(key: string, stems: Stems) {
  if (knownStems.size >= STEMS_KEPT) knownStems.delete(knownStems.keys().next().value!);
  knownStems.set(key, stems);
}

/** The catalogue words of each probe (migration 20261203000000_search_word_matches.sql): planned once per connection. */
const MATCHES = "select probe, words, displays from public.search_word_matches($1::text[], $2::int[])";

/** The same, with the probes' stems (as folded) and stop-word check (as typed). */
const MATCHES_AND_STEMS = `select m.probe, m.words, m.displays,
            numnode(plainto_tsquery('german', p.typed)) = 0 or numnode(plainto_tsquery('english', p.typed)) = 0
              or numnode(plainto_tsquery('french', p.typed)) = 0 or numnode(plainto_tsquery('arabic', p.typed)) = 0 as stop,
            plainto_tsquery('german', p.t)::text as de, plainto_tsquery('english', p.t)::text as en,
            plainto_tsquery('french', p.t)::text as fr, plainto_tsquery('arabic', p.t)::text as ar
       from public.search_word_matches($1::text[], $2::int[]) m
       join unnest($1::text[], $3::text[]) as p(t, typed) on p.t = m.probe`;

/**
 * For each probe: its stems in the four languages ('' for a stop word) and the catalogue words
 * close to it (trigram similarity, for typos) or containing it (parts of compound words). The
 * stems are asked of the database only for a word not seen before.
 */
async function lookUp(db: Queryable, probes: string[], typed: string[] = probes, fuzzy = probes.map(hasTypoBudget)): Promise<Map<string, Probe>> {
  if (probes.length === 0) return new Map();
  // (Taken before the query: another search's words may push these out meanwhile.)
  const stemsKey = new Map(probes.map((probe, index) => [probe, `${probe}\u0000${typed[index]}`]));
  const cached = new Map(probes.map((probe) => [probe, knownStems.get(stemsKey.get(probe)!)]));
  const known = [...cached.values()].every((stems) => stems !== undefined);
  // (fuzzy as numbers: postgres-js sends an array of booleans as one boolean.)
  const read = known
    ? await db.query<WordRow>(MATCHES, [probes, fuzzy.map(Number)])
    : await db.query<WordRow>(MATCHES_AND_STEMS, [probes, fuzzy.map(Number), typed]);
  const rows = read.map((row): WordRow => {
    if (known) return { ...row, ...cached.get(row.probe)! };
    keepStems(stemsKey.get(row.probe)!, { stop: row.stop, de: row.de, en: row.en, fr: row.fr, ar: row.ar });
    return row;
  });
  const found = new Map<string, Probe>();
  for (const row of rows) {
    const matches: Probe["matches"] = [];
    const seen = new Set<string>();
    row.words.forEach((word, index) => {
      if (seen.has(word)) return;
      seen.add(word);
      const match = matchWord(row.probe, word);
      if (match) matches.push({ word, display: row.displays[index] ?? word, match });
    });
    matches.sort((a, b) => MATCH_ORDER[a.match] - MATCH_ORDER[b.match]);
    found.set(row.probe, { row, matches });
  }
  return found;
}

/**
 * Whether a probe's typo candidates are worth their lookup (the costly part of a plan: trigram
 * similarity over the word list): only a word long enough to be allowed a typo has any.
 */
function hasTypoBudget(probe: string): boolean {
  return typoBudget(probe) > 0;
}

function stems(row: WordRow): string[] {
  // One lexeme ('lamp') as it is; anything longer in parentheses.
  return [row.de, row.en, row.fr, row.ar].filter((stem) => stem !== "").map((stem) => (/^'[^']*'$/.test(stem) ? stem : `(${stem})`));
}

/** A word the stemmer of any shop language drops ("und", "für", "the", "les", "في"). Numbers never are. */
function isStopWord(row: WordRow): boolean {
  return row.stop || [row.de, row.en, row.fr, row.ar].some((stem) => stem === "");
}

/** Everything that stands for a probe, OR'd. */
function alternatives(probe: Probe): string {
  const terms = new Set([...stems(probe.row), lexeme(probe.row.probe)]);
  for (const match of probe.matches.slice(0, MAX_ALTERNATIVES)) terms.add(lexeme(match.word));
  return `(${[...terms].join(" | ")})`;
}

const PART_WEIGHT: Record<WordMatch, number> = { exact: 3, typo: 2, part: 1 };

/** The best reading of a word as two catalogue words joined, as a tsquery term, if there is one. */
function compoundTerm(word: string, parts: Map<string, Probe>): string | undefined {
  let best: { score: number; term: string } | undefined;
  for (const [head, tail] of compoundSplits(word)) {
    const h = parts.get(head);
    const t = parts.get(tail);
    if (!h?.matches[0] || !t?.matches[0]) continue;
    const score = PART_WEIGHT[h.matches[0].match] * head.length + PART_WEIGHT[t.matches[0].match] * tail.length;
    if (!best || score > best.score) best = { score, term: `(${alternatives(h)} & ${alternatives(t)})` };
  }
  return best?.term;
}

function emptyPlan(kind: SearchKind, extra: Partial<SearchPlan> = {}): SearchPlan {
  return { kind, words: [], ignored: [], tooManyWords: false, tsquery: "", phrase: "", unmatched: [], ...extra };
}

/** What a query searches for (see the top of this file). */
export async function planSearch(query: string): Promise<SearchPlan> {
  const { words, typed, tooManyWords } = queryWords(query);
  if (words.length === 0) return emptyPlan("noWords");
  const db = await getDb();
  const probes = await lookUp(db, words, typed);
  const searched = words.filter((word) => !isStopWord(probes.get(word)!.row));
  const ignored = typed.filter((_, index) => !searched.includes(words[index]!));
  if (searched.length === 0) return emptyPlan("stopWords", { ignored, tooManyWords });
  // Long words the catalogue has neither as such nor with a typo: maybe two of its words joined.
  const unknown = searched.filter((word) => !probes.get(word)!.matches.some((m) => m.match !== "part"));
  const parts = await lookUp(db, [...new Set(unknown.flatMap((word) => compoundSplits(word).flat()))].filter((part) => !probes.has(part)));
  for (const [key, value] of probes) parts.set(key, value);
  const terms: string[] = [];
  const missing: string[] = [];
  for (const word of searched) {
    const probe = probes.get(word)!;
    const compound = unknown.includes(word) ? compoundTerm(word, parts) : undefined;
    terms.push(compound ? `(${alternatives(probe)} | ${compound})` : alternatives(probe));
    if (probe.matches.length === 0 && !compound) missing.push(word);
  }
  // "Meinten Sie …?": the closest catalogue word by trigram similarity (also for a short word,
  // whose typo candidates were not looked up above: it has no typo budget).
  const closest = await lookUp(db, missing, missing, missing.map(() => true));
  const unmatched: SearchPlan["unmatched"] = missing.map((word) => {
    const row = closest.get(word)!.row;
    const index = row.words.findIndex((w) => w !== word);
    return { word, closest: index >= 0 ? row.displays[index] : undefined };
  });
  return {
    kind: "words" as const,
    words: searched,
    ignored,
    tooManyWords,
    tsquery: terms.join(" & "),
    phrase: words.join(" "),
    unmatched,
  };
}

/**
 * "Meinten Sie …?": the query with each word the catalogue does not know replaced by its closest
 * catalogue word, when that finds something. `found` runs the corrected query.
 */
export async function correctedQuery(plan: SearchPlan, query: string, found: (query: string) => Promise<boolean>): Promise<string | undefined> {
  if (plan.kind !== "words" || plan.unmatched.length === 0) return undefined;
  const replacements = new Map(plan.unmatched.filter((u) => u.closest).map((u) => [u.word, u.closest!]));
  if (replacements.size === 0) return undefined;
  const { words } = queryWords(query);
  const corrected = words.filter((word) => plan.words.includes(word)).map((word) => replacements.get(word) ?? word).join(" ");
  if (foldSearchText(corrected) === words.join(" ")) return undefined;
  return (await found(corrected)) ? corrected : undefined;
}

// ---------------------------------------------------------------------------------------------
// Suggestions while typing

export interface Suggestion {
  kind: "product" | "category";
  label: string;
  href: string;
}

export const MAX_SUGGESTIONS = 8;
const MAX_CATEGORY_SUGGESTIONS = 3;

const nameColumn: Record<Locale, string> = {
  de: "coalesce(nullif(name_de, ''), name)",
  fr: "coalesce(nullif(name_fr, ''), name)",
  ar: "coalesce(nullif(name_ar, ''), name)",
  en: "name",
};

/**
 * Up to eight categories and product names for what has been typed so far: every word the start
 * of a word of the name (any language's name of a product, shown in the shopper's), in stock and
 * names that start with the text first. Kept like a listing until the catalogue changes.
 */
export function searchSuggestions(query: string, locale: Locale): Promise<Suggestion[]> {
  const { words } = queryWords(query);
  if (words.length === 0 || words.join("").length < 2) return Promise.resolve([]);
  return memoizedCatalogueRead(JSON.stringify(["searchSuggestions", words, locale]), () => readSuggestions(words, locale));
}

async function readSuggestions(words: string[], locale: Locale): Promise<Suggestion[]> {
  const matching = categories.filter((category) => {
    const names = Object.values(category.name).map((name) => foldSearchText(name).split(/[^\p{L}\p{N}]+/u));
    return names.some((nameWords) => words.every((word) => nameWords.some((w) => w.startsWith(word))));
  });
  const found: Suggestion[] = matching
    .slice(0, MAX_CATEGORY_SUGGESTIONS)
    .map((category) => ({ kind: "category", label: categoryName(category, locale), href: `/category/${category.slug}` }));
  const db = await getDb();
  const prefix = words.map((word) => `${lexeme(word)}:*A`).join(" & ");
  const rows = await db.query<{ id: string; label: string }>(
    `select id, ${nameColumn[locale]} as label from public.products
      where search_vector @@ $1::tsquery
      order by exists (select 1 from unnest(search_names) n where n like $2 || '%') desc, (in_stock and stock > 0) desc, featured desc,
               ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], search_vector, $1::tsquery) desc, created_at desc, id
      limit $3`,
    [prefix, words.join(" "), MAX_SUGGESTIONS - found.length],
  );
  return [...found, ...rows.map((row) => ({ kind: "product" as const, label: row.label, href: `/products/${row.id}` }))];
}
