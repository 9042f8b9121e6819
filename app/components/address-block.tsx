import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-t";
import { addressCountries } from "~/models/checkout-options";

/**
 * A postal address under its heading, as every page and document of an order shows it
 * (confirmation, invoice, cancellation invoice and credit note, delivery note). A module of its
 * own: a page that shows only an address carries only the country names' texts.
 */

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  /**
   * A country the shop sells to by its code (DE, CH, AT), named in the page's language; anything
   * else is shown as given (a document in another language than the page passes the name).
   */
  country: string;
}

/** A country's name: a country the shop sells to by its code from the catalogue (checkout.countries), anything else as given. */
export function countryName(t: Translate, country: string): string {
  return (addressCountries as readonly string[]).includes(country) ? t(`checkout.countries.${country}`) : country;
}

export function AddressBlock({
  title,
  name,
  address,
  testId,
  level = 3,
}: {
  title: string;
  name: string;
  address: PostalAddress;
  testId: string;
  /** The heading's level: 3 under a page's sections (default), 2 where the address is a section of its own. */
  level?: 2 | 3;
}) {
  const { t } = useT();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div data-testid={testId}>
      <Heading className="text-sm font-semibold text-slate-600">{title}</Heading>
      <address className="mt-1 not-italic leading-relaxed">
        {name}
        <br />
        {address.street}
        <br />
        <bdi>{address.postalCode}</bdi> {address.city}
        <br />
        {countryName(t, address.country)}
      </address>
    </div>
  );
}
