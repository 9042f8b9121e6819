import { useT } from "~/i18n/use-t";
import { HONEYPOT_FIELD } from "~/utils/honeypot";

// Its own module, so that the footer (on every page) does not pull the form schemas (zod) into
// every page's JavaScript.

export { HONEYPOT_FIELD };

/**
 * A text field people do not see and screen readers skip; bots that fill every field fill it too.
 * A filled honeypot is answered like a success and nothing is stored.
 */
export function Honeypot({ id = `${HONEYPOT_FIELD}-field` }: { id?: string }) {
  const { t } = useT();
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{t("common.honeypot")}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
