import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { getTranslator, routeMessages, translateToast } from "~/i18n/catalogues.server";
import { getCart } from "~/models/cart.server";
import { requestContext } from "~/services/request-context.server";
import { countCheckout } from "~/services/checkout-limits.server";
import { clientAddress } from "~/utils/client-address.server";
import { addressCountries, paymentMethods } from "~/models/checkout-options";
import { checkoutConstraintSchema, checkoutSchema } from "~/models/checkout.schema";
import {
  EmptyCartError,
  ForeignOrderKeyError,
  OutOfStockError,
  placeOrder,
} from "~/models/order.server";
import { isTransactionConflict } from "~/db/transaction-retry.server";
import { isDatabaseUnavailable } from "~/db/database.server";
import { flashToast, type Toast } from "~/utils/session.server";
import { formatPrice, isolateLtr } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { useT } from "~/i18n/use-t";
import { CheckboxField, Field, FieldErrors, FormErrors, SelectField, StatusButton, type SummaryField } from "~/components/forms";
import { Money, VatNote } from "~/components/price";
import { VatRows } from "~/components/vat-lines";
import { vatByRate, vatRateFor } from "~/utils/vat";
import { ChevronDownIcon } from "~/components/icons";
import { useFetcherToast, useHydrated } from "~/components/client-toast";
import { readFormData } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";
import { logActionFailure } from "~/services/action-failure.server";
import type { z } from "zod";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("checkout.meta.title"), description: t("checkout.meta.description"), noindex: true }));

const emptyCartToast: Toast = { kind: "error", title: "checkout.toast.emptyCart", description: "checkout.toast.emptyCartText" };

async function toCartWithToast(request: Request, toast: Toast) {
  return redirect("/cart", { status: 303, headers: { "Set-Cookie": await flashToast(request, toast) } });
}

export const handle = { i18n: ["checkout", "pricing", "catalogue"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale, country, currency, user, cartOwner } = await requestContext({ request, context });
  const cart = await getCart(cartOwner, locale, currency);
  if (cart.lines.length === 0) throw await toCartWithToast(request, emptyCartToast);
  const other = cart.currency === "EUR" ? "CHF" : "EUR";
  return {
    cart,
    // The VAT of the shopper's country; the order takes the delivery country's.
    vatRate: vatRateFor(country),
    // One order per rendered form, however often it is submitted.
    idempotencyKey: crypto.randomUUID(),
    // The spec's alternate-currency figure: the subtotal times 1.1, shown in the other currency.
    alternate: { currency: other, amount: Math.round((cart.subtotal * 11) / 10) },
    defaults: {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      shippingAddress: { street: "", city: "", postalCode: "", country },
      useSameAddress: true,
      billingAddress: { street: "", city: "", postalCode: "", country: "DE" },
      // One option is chosen from the start (the spec's first: cash on delivery).
      paymentMethod: paymentMethods[0],
    },
    emailLocked: Boolean(user),
    // Native constraints (required, minLength…) for the browser without JavaScript.
    constraint: getZodConstraint(checkoutConstraintSchema),
    messages: routeMessages(locale, handle),
  };
}

/**
 * Validates the form (always on the server), then places the order in one transaction and sends the
 * shopper to the confirmation page. Invalid input comes back with status 400, every message at its
 * field and every value kept; a line with too little stock names the product and writes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const [form, { locale, currency, user, cartSessionId, cartOwner: owner }] = await Promise.all([
    readFormData(request),
    requestContext({ request, context }),
  ]);
  // A signed-in shopper orders with the account's e-mail, whatever the form says.
  if (user) form.set("email", user.email);
  const submission = parseWithZod(form, { schema: checkoutSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  if (!owner) throw await toCartWithToast(request, emptyCartToast);
  const t = getTranslator(locale);
  const failed: Toast = { kind: "error", title: "checkout.toast.failed", description: "checkout.toast.failedText" };
  const refuse = (message: string, init: ResponseInit) =>
    data({ result: submission.reply({ formErrors: [message] }), toast: translateToast({ ...failed, description: message }, locale) }, init);
  const counted = await countCheckout({ clientAddress: clientAddress(request), email: submission.value.email, userId: user?.id ?? null });
  if (!counted.allowed) {
    const minutes = Math.ceil(counted.retryAfter / 60);
    return refuse(t("checkout.errors.tooMany", { minutes }), { status: 429, headers: { "Retry-After": String(counted.retryAfter) } });
  }
  try {
    const { orderId } = await placeOrder({
      owner,
      userId: user?.id ?? null,
      sessionId: cartSessionId,
      input: submission.value,
      currency,
      locale,
    });
    const toast: Toast = { kind: "success", title: "checkout.toast.success", description: "checkout.toast.successText" };
    return redirect(`/order-confirmation/${orderId}`, { status: 303, headers: { "Set-Cookie": await flashToast(request, toast) } });
  } catch (error) {
    // Nothing was ordered: the attempt does not count against the shopper's limit.
    await counted.refund().catch(() => {});
    if (error instanceof EmptyCartError) throw await toCartWithToast(request, emptyCartToast);
    // The database is unreachable: its 503 answer, as on every page (app/services/outage.server.ts).
    if (isDatabaseUnavailable(error)) throw error;
    if (error instanceof OutOfStockError) {
      return refuse(t("checkout.errors.outOfStock", { name: error.productName, available: error.available }), { status: 409 });
    }
    // Another shopper's form (its key placed their order): nothing is written, nothing of theirs shown.
    if (error instanceof ForeignOrderKeyError) return refuse(t("checkout.errors.expired"), { status: 409 });
    // Still losing to concurrent checkouts after the retries: nothing was ordered, try again.
    if (isTransactionConflict(error)) return refuse(t("checkout.errors.busy"), { status: 503, headers: { "Retry-After": "2" } });
    logActionFailure("order placement failed", error);
    return data(
      { result: submission.reply({ formErrors: [t("checkout.toast.failedText")] }), toast: translateToast(failed, locale) },
      { status: 500 },
    );
  }
}

/**
 * The form's fields for Conform, from the schema's own fields (the checkout schema's preprocessing
 * makes its input type unknown; the constraint schema has the same fields, billing optional).
 */
type CheckoutShape = z.input<typeof checkoutConstraintSchema>;

export default function Checkout() {
  const { cart, vatRate, idempotencyKey, alternate, defaults, emailLocked, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  useFetcherToast(hydrated ? actionData : undefined);
  const [form, fields] = useForm<CheckoutShape>({
    id: "checkout",
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint,
    // With JavaScript the same schema checks each field when it is left, and again as it is
    // corrected, so a message goes as soon as the field is right. The server always checks too.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      // A signed-in shopper's e-mail field is locked (disabled, so not sent): the server uses the account's.
      if (emailLocked) formData.set("email", defaults.email);
      return parseWithZod(formData, { schema: checkoutSchema });
    },
  });
  const shipping = fields.shippingAddress.getFieldset();
  const billing = fields.billingAddress.getFieldset();
  const [sameAddress, setSameAddress] = useState(fields.useSameAddress.initialValue === "on");
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && Boolean(navigation.formAction?.startsWith("/checkout"));
  const countryOptions = addressCountries.map((code) => ({ value: code, label: t(`checkout.countries.${code}`) }));

  // The error summary above the form: every field with an error, in the form's order, each a link to
  // the field. After a failed submit (the browser's check or the server's answer) focus moves to it,
  // so the shopper sees what is wrong wherever the button was (Conform first focuses the first
  // invalid field; this runs after it). Without JavaScript the server draws it at the page's top.
  const summaryRef = useRef<HTMLDivElement>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    // Conform prevents the submit when its check fails; Remix's Form sends it otherwise.
    if (event.defaultPrevented) setFailedSubmits((n) => n + 1);
  };
  useEffect(() => {
    if (failedSubmits > 0 || actionData) summaryRef.current?.focus();
  }, [failedSubmits, actionData]);
  const addressSummary = (set: typeof shipping, legend: string): SummaryField[] => [
    { id: set.street.id, label: `${legend}: ${t("checkout.street")}`, errors: set.street.errors },
    { id: set.postalCode.id, label: `${legend}: ${t("checkout.postalCode")}`, errors: set.postalCode.errors },
    { id: set.city.id, label: `${legend}: ${t("checkout.city")}`, errors: set.city.errors },
    { id: set.country.id, label: `${legend}: ${t("checkout.country")}`, errors: set.country.errors },
  ];
  const summaryFields: SummaryField[] = [
    { id: fields.firstName.id, label: t("checkout.firstName"), errors: fields.firstName.errors },
    { id: fields.lastName.id, label: t("checkout.lastName"), errors: fields.lastName.errors },
    { id: fields.email.id, label: t("checkout.email"), errors: fields.email.errors },
    { id: fields.phone.id, label: t("checkout.phone"), errors: fields.phone.errors },
    ...addressSummary(shipping, t("checkout.shipping")),
    ...addressSummary(billing, t("checkout.billing")),
    { id: `${fields.paymentMethod.id}-${paymentMethods[0]}`, label: t("checkout.payment.legend"), errors: fields.paymentMethod.errors },
  ];

  // Every field is required (the page says so at its top). The billing fields have no native
  // `required` (without JavaScript they are ignored while the box is ticked); once they are shown
  // with JavaScript, they are required for assistive technology too.
  const billingRequired = hydrated && !sameAddress;
  const addressFields = (set: typeof shipping, autoCompleteSection: "shipping" | "billing") => {
    const required = autoCompleteSection === "shipping" || billingRequired ? { "aria-required": true } : {};
    return (
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={set.street} label={t("checkout.street")} autoComplete={`${autoCompleteSection} street-address`} className="sm:col-span-2" {...required} />
        <Field meta={set.postalCode} label={t("checkout.postalCode")} autoComplete={`${autoCompleteSection} postal-code`} {...required} />
        <Field meta={set.city} label={t("checkout.city")} autoComplete={`${autoCompleteSection} address-level2`} {...required} />
        <SelectField meta={set.country} label={t("checkout.country")} options={countryOptions} autoComplete={`${autoCompleteSection} country`} {...required} />
      </div>
    );
  };

  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("checkout.title")}</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="required-note">{t("checkout.allRequired")}</p>
      <FormErrors
        id={form.errorId}
        summaryRef={summaryRef}
        title={t("checkout.toast.failed")}
        errors={form.errors}
        fields={summaryFields}
        fieldsTitle={(count) => t("checkout.errors.summaryTitle", { count })}
        className="mt-4"
      />
      <Form method="post" {...formProps} onSubmit={onSubmit} className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* The order summary: at the top on a phone, folded to its total (a <details>, no JavaScript
            needed); beside the form, always open, from lg (app.css: .summary-details). */}
        <details className="summary-details card group h-fit lg:col-start-2 lg:row-start-1" data-testid="checkout-summary">
          <summary className="flex cursor-pointer list-none items-center gap-3 p-4 lg:cursor-auto lg:px-6 lg:pt-6 lg:pb-0 [&::-webkit-details-marker]:hidden">
            <h2 id="checkout-summary" className="flex-1 text-lg font-bold">
              {t("checkout.summary.title")}
            </h2>
            <span className="font-bold lg:hidden">
              <Money cents={cart.total} currency={cart.currency} />
            </span>
            <ChevronDownIcon className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 lg:hidden" />
          </summary>
          <div className="px-4 pb-4 lg:px-6 lg:pb-6">
          <ul className="mt-2 flex flex-col gap-3 text-sm lg:mt-4">
            {cart.lines.map((line) => (
              <li key={line.productId} className="flex justify-between gap-3">
                <span>
                  {line.name} <span className="text-slate-600">× {line.quantity}</span>
                </span>
                <span className="shrink-0"><Money cents={line.lineTotal} currency={cart.currency} /></span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.summary.items")}</dt>
              <dd>{cart.quantity}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.summary.subtotal")}</dt>
              <dd><Money cents={cart.subtotal} currency={cart.currency} /></dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t("checkout.summary.shipping")}</dt>
              <dd className="font-semibold text-emerald-800">{t("checkout.summary.free")}</dd>
            </div>
            <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold">
              <dt>{t("checkout.summary.total")}</dt>
              <dd data-testid="checkout-total"><Money cents={cart.total} currency={cart.currency} /></dd>
            </div>
            <VatRows lines={vatByRate([{ total: cart.total, vatRate }])} currency={cart.currency} />
          </dl>
          <p className="mt-1 text-end text-xs text-slate-600" data-testid="alternate-currency">
            {t("checkout.summary.alternate", {
              currency: alternate.currency,
              amount: isolateLtr(formatPrice(alternate.amount, alternate.currency as "EUR" | "CHF")),
            })}
          </p>
          <VatNote className="mt-2" />
          </div>
        </details>
        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <fieldset className="card p-6">
            <legend className="px-1 text-lg font-bold">{t("checkout.customer")}</legend>
            <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
              <Field meta={fields.firstName} label={t("checkout.firstName")} autoComplete="given-name" aria-required />
              <Field meta={fields.lastName} label={t("checkout.lastName")} autoComplete="family-name" aria-required />
              <Field
                meta={fields.email}
                type="email"
                label={t("checkout.email")}
                autoComplete="email"
                aria-required
                disabled={emailLocked}
                hint={emailLocked ? t("checkout.emailLocked") : undefined}
              />
              <Field meta={fields.phone} type="tel" label={t("checkout.phone")} autoComplete="tel" aria-required />
            </div>
          </fieldset>
          <fieldset className="card p-6">
            <legend className="px-1 text-lg font-bold">{t("checkout.shipping")}</legend>
            <div className="mt-2">{addressFields(shipping, "shipping")}</div>
            <CheckboxField
              meta={fields.useSameAddress}
              label={t("checkout.useSameAddress")}
              className="mt-2"
              onChange={(event) => setSameAddress(event.currentTarget.checked)}
            />
          </fieldset>
          <fieldset className="card p-6" hidden={hydrated && sameAddress} data-testid="billing-address">
            <legend className="px-1 text-lg font-bold">{t("checkout.billing")}</legend>
            {hydrated ? null : <p className="mb-2 text-sm text-slate-600">{t("checkout.billingIgnored")}</p>}
            <div className="mt-2">{addressFields(billing, "billing")}</div>
          </fieldset>
          <fieldset className="card p-6" aria-describedby={fields.paymentMethod.errors ? fields.paymentMethod.errorId : undefined}>
            <legend className="px-1 text-lg font-bold">{t("checkout.payment.legend")}</legend>
            <div className="mt-2 flex flex-col gap-3">
              {paymentMethods.map((method) => (
                <label key={method} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600">
                  <input
                    {...getInputProps(fields.paymentMethod, { type: "radio", value: method })}
                    id={`${fields.paymentMethod.id}-${method}`}
                    className="mt-1 h-4 w-4"
                  />
                  <span>
                    <span className="block font-medium">{t(`checkout.payment.${method}`)}</span>
                    <span className="block text-sm text-slate-600">{t(`checkout.payment.${method}Text`)}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldErrors meta={fields.paymentMethod} />
          </fieldset>
        </div>
        <div className="card h-fit p-6 lg:col-start-2 lg:row-start-2" data-testid="checkout-submit">
          {/* Disabled until the next page is there (the redirect's loading too): one click, one order. */}
          <StatusButton className="btn-primary w-full py-3 text-base" disabled={submitting}>
            {submitting ? t("checkout.submitting") : t("checkout.submit")}
          </StatusButton>
          <p className="mt-3 text-xs text-slate-600">
            {t("checkout.legalIntro")}{" "}
            <Link to="/terms" className="underline">
              {t("checkout.legalTerms")}
            </Link>
            {" · "}
            <Link to="/privacy" className="underline">
              {t("checkout.legalPrivacy")}
            </Link>
            {" · "}
            <Link to="/returns" className="underline">
              {t("checkout.legalReturns")}
            </Link>
          </p>
        </div>
      </Form>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
