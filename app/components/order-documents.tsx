import { useT } from "~/i18n/use-t";
import { formatPrice, type Currency } from "~/utils/money";

/** Pieces the order confirmation and the invoice share: an address, the bank transfer instructions. */

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export function AddressBlock({ title, name, address, testId }: { title: string; name: string; address: PostalAddress; testId: string }) {
  const { t } = useT();
  const country = ["DE", "CH", "AT"].includes(address.country) ? t(`checkout.countries.${address.country}`) : address.country;
  return (
    <div data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-600">{title}</h3>
      <address className="mt-1 not-italic leading-relaxed">
        {name}
        <br />
        {address.street}
        <br />
        <bdi>{address.postalCode}</bdi> {address.city}
        <br />
        {country}
      </address>
    </div>
  );
}

export interface BankTransfer {
  holder: string;
  iban: string;
  bic: string;
  bankName: string;
}

/** What a shopper paying by bank transfer needs: the account, the amount, the order number as the reference. */
export function BankTransferDetails({ bank, amount, currency, reference }: { bank: BankTransfer; amount: number; currency: Currency; reference: string }) {
  const { t } = useT();
  const rows: Array<[string, string, string]> = [
    [t("pricing.bank.holder"), bank.holder, "bank-holder"],
    [t("pricing.bank.iban"), bank.iban, "bank-iban"],
    ...(bank.bic ? [[t("pricing.bank.bic"), bank.bic, "bank-bic"] as [string, string, string]] : []),
    ...(bank.bankName ? [[t("pricing.bank.bank"), bank.bankName, "bank-name"] as [string, string, string]] : []),
    [t("pricing.bank.amount"), formatPrice(amount, currency), "bank-amount"],
    [t("pricing.bank.reference"), reference, "bank-reference"],
  ];
  return (
    <section className="rounded-lg border border-brand-200 bg-brand-50 p-4 print:border-slate-400 print:bg-white" aria-labelledby="bank-transfer" data-testid="bank-transfer">
      <h2 id="bank-transfer" className="text-lg font-bold">
        {t("pricing.bank.title")}
      </h2>
      <p className="mt-1 text-sm">{t("pricing.bank.intro")}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="contents">
            <dt className="text-slate-600">{label}</dt>
            {/* In the page's direction (an Arabic page aligns it right), the value itself left to right. */}
            <dd className="font-mono font-semibold">
              <bdi dir="ltr" data-testid={testId}>
                {value}
              </bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
