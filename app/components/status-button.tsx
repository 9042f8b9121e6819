import { useFetchers, useNavigation } from "@remix-run/react";
import { useRef, type ButtonHTMLAttributes, type ReactNode } from "react";

export type Submission = { state: string; formAction?: string; formData?: FormData };

const pathOf = (action: string) => {
  const url = new URL(action, "http://x");
  return url.pathname + url.search;
};

/**
 * Whether `submission` came from this button's form: same action, the same hidden fields (so one
 * row's form of many is told apart), and this button's own name and value when it has them.
 */
export function isFromForm(submission: Submission, button: Pick<HTMLButtonElement, "form" | "name" | "value">): boolean {
  const form = button.form;
  if (submission.state !== "submitting" || !form || !submission.formAction || !submission.formData) return false;
  if (pathOf(submission.formAction) !== pathOf(form.action)) return false;
  if (button.name && submission.formData.get(button.name) !== button.value) return false;
  const hidden = Array.from(form.querySelectorAll<HTMLInputElement>("input[type=hidden][name]"));
  return hidden.every((input) => submission.formData!.getAll(input.name).includes(input.value));
}

/**
 * A form's submit button that disables itself (and shows `pendingLabel`, when given) while its form
 * is being submitted, through a navigation or a fetcher. Without JavaScript it is a plain button.
 */
export function StatusButton({
  children,
  pendingLabel,
  className,
  disabled,
  type = "submit",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pendingLabel?: ReactNode }) {
  const button = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // The button is in the DOM by the time any submission can exist, so the ref is set when it matters.
  const pending = button.current !== null && [navigation, ...fetchers].some((submission) => isFromForm(submission, button.current!));
  return (
    <button ref={button} type={type} className={className} disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
