import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useT } from "~/i18n/use-t";

/** What /search/suggest answers (app/routes/search_.suggest.tsx). */
export interface SuggestionItem {
  kind: "product" | "category";
  label: string;
  href: string;
}

const SUGGEST_DELAY_MS = 150;

/**
 * Makes the search field `input` an ARIA 1.2 combobox (loaded after hydration by
 * search-suggest-box.tsx, so the search page's first-load JavaScript does not carry it): up to
 * eight suggestions (categories and product names) from /search/suggest while typing, chosen with
 * the arrow keys and Enter (or a click); Escape closes the list; a live region says how many there
 * are. Enter without a chosen suggestion submits the form as before. The field stays the same
 * element (focus and what was typed are kept); only its ARIA attributes and listeners are added.
 */
export default function SearchSuggestList({ input }: { input: RefObject<HTMLInputElement> }) {
  const { t } = useT();
  const navigate = useNavigate();
  const listId = useId();
  const [items, setItems] = useState<SuggestionItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useRef({ items, open, active });
  state.current = { items, open, active };
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (item: SuggestionItem) => {
    close();
    navigate(item.href);
  };

  // Listeners on the field itself (it is rendered by the page, before this module loads).
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const suggest = () => {
      const value = box.value;
      clearTimeout(timer);
      request?.abort();
      if (value.trim().length < 2) {
        setItems([]);
        close();
        return;
      }
      timer = setTimeout(async () => {
        const controller = new AbortController();
        request = controller;
        try {
          const response = await fetch(`/search/suggest?q=${encodeURIComponent(value)}`, { signal: controller.signal });
          if (!response.ok) return;
          const next = ((await response.json()) as { suggestions?: SuggestionItem[] }).suggestions ?? [];
          setItems(next);
          setActive(-1);
          setOpen(next.length > 0 && document.activeElement === box);
        } catch {
          // Aborted by the next keystroke, or offline: the form still works.
        }
      }, SUGGEST_DELAY_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { items: list, open: shown, active: current } = state.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (list.length === 0) return;
        event.preventDefault();
        setOpen(true);
        // -1 is the field itself: the list wraps through it.
        const last = list.length - 1;
        setActive(event.key === "ArrowDown" ? (current >= last ? -1 : current + 1) : current === -1 ? last : current - 1);
      } else if (event.key === "Enter" && shown && current >= 0 && list[current]) {
        event.preventDefault();
        choose(list[current]!);
      } else if (event.key === "Escape" && shown) {
        event.preventDefault();
        close();
      } else if (event.key === "Tab") {
        close();
      }
    };
    box.setAttribute("role", "combobox");
    box.setAttribute("aria-autocomplete", "list");
    box.setAttribute("aria-controls", listId);
    box.addEventListener("input", suggest);
    box.addEventListener("keydown", onKeyDown);
    box.addEventListener("blur", close);
    return () => {
      clearTimeout(timer);
      request?.abort();
      box.removeEventListener("input", suggest);
      box.removeEventListener("keydown", onKeyDown);
      box.removeEventListener("blur", close);
      for (const name of ["role", "aria-autocomplete", "aria-controls", "aria-expanded", "aria-activedescendant"]) box.removeAttribute(name);
    };
    // The handlers read the current state through `state`; `choose` only closes and navigates.
  }, [input, listId]);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute("aria-expanded", String(open));
    if (open && active >= 0) box.setAttribute("aria-activedescendant", optionId(active));
    else box.removeAttribute("aria-activedescendant");
  }, [input, open, active]);

  return (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label={t("catalogue.search.suggestions")}
        hidden={!open}
        className="card absolute start-0 end-0 top-full z-20 mt-1 max-h-80 overflow-auto py-1 text-start"
        data-testid="search-suggestions"
      >
        {items.map((item, index) => (
          <li
            key={`${item.kind}:${item.href}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm ${
              index === active ? "bg-brand-700 text-white" : "hover:bg-slate-100"
            }`}
            // Keeps the focus in the field, so the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
          >
            <span>{item.label}</span>
            {item.kind === "category" ? (
              <span className={`text-xs ${index === active ? "text-white" : "text-slate-600"}`}>{t("catalogue.search.category")}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {open ? t("catalogue.search.suggestionsCount", { count: items.length }) : ""}
      </p>
    </>
  );
}
