import { lazy, Suspense, useEffect, useState, type RefObject } from "react";

/** The combobox behaviour, loaded after hydration (it is not part of the page's first-load JavaScript). */
const SearchSuggestList = lazy(() => import("./search-suggest-list"));

/**
 * Suggestions for the search field `input` while typing. Without JavaScript (and until the page
 * has hydrated) nothing: the field is the plain search field of the GET form. Render it beside
 * the field, inside a `relative` box (the list is placed under the field, from its start edge).
 */
export function SearchSuggestions({ input }: { input: RefObject<HTMLInputElement> }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <SearchSuggestList input={input} />
    </Suspense>
  ) : null;
}
