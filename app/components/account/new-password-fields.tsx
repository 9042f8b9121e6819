import { useT } from "~/i18n/use-t";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/auth/schemas";
import { Field } from "~/components/forms";

type FieldMeta = Parameters<typeof Field>[0]["meta"];

/** A new password and its confirmation (changing the password, setting one from a reset link). */
export function NewPasswordFields({ password, confirmPassword }: { password: FieldMeta; confirmPassword: FieldMeta }) {
  const { t } = useT();
  return (
    <>
      <Field meta={password} type="password" label={t("password.fields.newPassword")} autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} />
      <Field meta={confirmPassword} type="password" label={t("password.fields.confirmPassword")} autoComplete="new-password" required maxLength={PASSWORD_MAX} />
    </>
  );
}
