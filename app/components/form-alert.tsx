import { useT } from "~/i18n/use-t";

/**
 * A form's overall error (the server's answer, such as 'Login Failed' with its reason), shown above
 * the form and announced to screen readers. Messages may be catalogue keys or translated text.
 */
export function FormAlert({ id, title, messages }: { id?: string; title: string; messages: readonly string[] | undefined }) {
  const { t } = useT();
  if (!messages || messages.length === 0) return null;
  return (
    <div id={id} role="alert" data-testid="form-alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      {messages.map((message) => (
        <p key={message} className="mt-1 text-sm">
          {t(message)}
        </p>
      ))}
    </div>
  );
}
