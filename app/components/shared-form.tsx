import type { MouseEvent } from "react";
import { useLocation, type FetcherWithComponents } from "@remix-run/react";

/**
 * One form for many buttons. A listing shows 24 cards, each with a heart and an add-to-cart
 * button; instead of a form with the same hidden fields in every card, the grid renders each form
 * once and every card's button belongs to it through the `form` attribute, carrying its product as
 * the button's own name and value (HTML submits the pressed button's). Without JavaScript that is a
 * plain form post; with it, `submitThroughFetcher` sends the same fields through the card's own
 * fetcher, so each card keeps its pending state, its optimistic heart and its toast.
 */
export function SharedForm({ id, action, fields }: { id: string; action: string; fields: Record<string, string> }) {
  const location = useLocation();
  return (
    <form id={id} method="post" action={action} hidden>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
    </form>
  );
}

/** A button's click, sent through `fetcher` with its form's fields and its own name and value. */
export function submitThroughFetcher(event: MouseEvent<HTMLButtonElement>, fetcher: Pick<FetcherWithComponents<unknown>, "submit">) {
  const button = event.currentTarget;
  const form = button.form;
  if (!form) return;
  event.preventDefault();
  const formData = new FormData(form, button);
  formData.set("_fetcher", "1");
  fetcher.submit(formData, { method: "post", action: form.getAttribute("action") ?? undefined });
}
