import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { CartLineView } from "~/models/cart.server";
import { MAX_LINE_QUANTITY } from "~/models/cart-limits";
import type { Currency } from "~/utils/money";
import { useT } from "~/i18n/use-t";
import { Money } from "~/components/price";
import { CheckIcon, MinusIcon, PlusIcon, TrashIcon } from "~/components/icons";
import { useHydrated } from "~/components/client-toast";
import { StatusButton } from "~/components/forms";
import { cartQuantitySchema, type CartQuantityInput } from "./cart-quantity.schema";
import { cartLineFetcherKey, type CartActionData } from "./cart-action-data";
import { ProductImage } from "../product-image";

/*
 * A cart line and its forms (remove, −, quantity, +), all posting to /cart through the line's one
 * fetcher key, and the lines no longer available (remove only).
 */

/** What a line shows while its own form is on the way (JavaScript on). */
function usePendingQuantity(line: CartLineView): number {
  const fetcher = useFetchers().find((f) => f.key === cartLineFetcherKey(line.productId) && f.formData);
  const form = fetcher?.formData;
  if (!form) return line.quantity;
  if (form.get("intent") === "remove") return 0;
  const quantity = Number(form.get("quantity"));
  return form.get("intent") === "update" && Number.isInteger(quantity) ? Math.max(0, Math.min(quantity, line.stock)) : line.quantity;
}

function HiddenFields({ line, intent }: { line: CartLineView; intent: "update" | "remove" }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="previousQuantity" value={line.quantity} />
      <input type="hidden" name="redirectTo" value="/cart" />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
    </>
  );
}

/**
 * A line's quantity form: Conform with the action's own schema, so a wrong number is named at the
 * field before anything is posted (JavaScript on); without JavaScript the native min/max/required
 * guard and the action answers with a toast. Keyed by the quantity shown, so it starts afresh.
 */
function QuantityForm({ line, quantity, busy }: { line: CartLineView; quantity: number; busy: boolean }) {
  const { t } = useT();
  const fetcher = useFetcher<CartActionData>({ key: cartLineFetcherKey(line.productId) });
  const [form, fields] = useForm<CartQuantityInput>({
    id: `quantity-${line.productId}-form`,
    defaultValue: { quantity },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cartQuantitySchema }),
  });
  const error = fields.quantity.errors?.[0];
  return (
    <fetcher.Form method="post" action="/cart" className="flex flex-wrap items-center gap-1" {...getFormProps(form)}>
      <HiddenFields line={line} intent="update" />
      <div>
        <label htmlFor={fields.quantity.id} className="sr-only">
          {t("cart.quantityOf", { name: line.name })}
        </label>
        <input
          {...getInputProps(fields.quantity, { type: "number" })}
          key={fields.quantity.key}
          min={0}
          max={line.stock}
          required
          inputMode="numeric"
          className="input h-9 w-14 !px-1 text-center"
          data-testid="quantity-input"
        />
      </div>
      <StatusButton className="btn-secondary h-9 w-9 !p-0" disabled={busy} title={t("cart.updateQuantity")}>
        <CheckIcon className="h-4 w-4" />
        <span className="sr-only">{t("cart.updateQuantity")}</span>
      </StatusButton>
      {error ? (
        <p id={fields.quantity.errorId} className="w-full text-xs text-red-700" data-testid="quantity-error">
          {t(error, { max: MAX_LINE_QUANTITY })}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function CartLine({ line, currency }: { line: CartLineView; currency: Currency }) {
  const { t } = useT();
  const fetcher = useFetcher<CartActionData>({ key: cartLineFetcherKey(line.productId) });
  const quantity = usePendingQuantity(line);
  if (quantity === 0) return null;
  const busy = fetcher.state !== "idle";
  return (
    <li className="card flex gap-3 p-3 sm:gap-4 sm:p-4" data-testid="cart-line" data-product-id={line.productId}>
      <ProductImage src={line.image} width={96} height={96} sizes="(min-width: 640px) 96px, 64px" className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-24 sm:w-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold">
              <Link to={`/products/${line.productId}`} className="hover:underline">
                {line.name}
              </Link>
            </h2>
            <p className="line-clamp-2 text-sm text-slate-600">{line.description}</p>
          </div>
          <fetcher.Form method="post" action="/cart">
            <HiddenFields line={line} intent="remove" />
            <StatusButton className="-m-1 rounded-md p-2 text-red-700 hover:bg-red-50" aria-label={t("cart.remove", { name: line.name })} disabled={busy}>
              <TrashIcon className="h-5 w-5" />
            </StatusButton>
          </fetcher.Form>
        </div>
        {/* The stepper: − [n] ✓ + (✓ applies a typed number; it is what submits it without JavaScript). */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-1">
            <fetcher.Form method="post" action="/cart">
              <HiddenFields line={line} intent="update" />
              <input type="hidden" name="quantity" value={quantity - 1} />
              <StatusButton className="btn-secondary h-9 w-9 !p-0" disabled={quantity <= 1 || busy} aria-label={t("cart.decrease", { name: line.name })}>
                <MinusIcon className="h-4 w-4" />
              </StatusButton>
            </fetcher.Form>
            <QuantityForm key={quantity} line={line} quantity={quantity} busy={busy} />
            <fetcher.Form method="post" action="/cart">
              <HiddenFields line={line} intent="update" />
              <input type="hidden" name="quantity" value={quantity + 1} />
              <StatusButton className="btn-secondary h-9 w-9 !p-0" disabled={quantity >= line.stock || busy} aria-label={t("cart.increase", { name: line.name })}>
                <PlusIcon className="h-4 w-4" />
              </StatusButton>
            </fetcher.Form>
          </div>
          <dl className="text-end text-sm">
            <div className="flex justify-end gap-2">
              <dt className="text-slate-600">{t("cart.unitPrice")}</dt>
              <dd><Money cents={line.unitPrice} currency={currency} /></dd>
            </div>
            <div className="flex justify-end gap-2 font-bold">
              <dt>{t("cart.lineTotal")}</dt>
              <dd data-testid="line-total"><Money cents={line.unitPrice * quantity} currency={currency} /></dd>
            </div>
          </dl>
        </div>
        {line.stock < 5 ? <p className="text-xs text-amber-800">{t("cart.stockLeft", { count: line.stock })}</p> : null}
      </div>
    </li>
  );
}

export function UnavailableLines({ lines }: { lines: CartLineView[] }) {
  const { t } = useT();
  return (
    <ul className="mt-4 flex flex-col gap-2">
      {lines.map((line) => (
        <UnavailableLine key={line.productId} line={line} label={t("cart.remove", { name: line.name })} />
      ))}
    </ul>
  );
}

function UnavailableLine({ line, label }: { line: CartLineView; label: string }) {
  const { t } = useT();
  const fetcher = useFetcher<CartActionData>({ key: cartLineFetcherKey(line.productId) });
  if (fetcher.formData?.get("intent") === "remove") return null;
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-white p-3" data-testid="unavailable-line">
      <span>
        <span className="font-medium">{line.name}</span>{" "}
        <span className="text-sm text-slate-600">
          × {line.quantity} · {t("cart.noLongerAvailable")}
        </span>
      </span>
      <fetcher.Form method="post" action="/cart">
        <HiddenFields line={line} intent="remove" />
        <StatusButton className="btn-secondary" aria-label={label}>
          <TrashIcon className="h-4 w-4" />
          {t("cart.delete")}
        </StatusButton>
      </fetcher.Form>
    </li>
  );
}
