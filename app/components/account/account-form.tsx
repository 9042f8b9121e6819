import { useEffect, useState, type ReactNode } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { FormErrors } from "~/components/forms";

/**
 * Pieces of the account's forms (sign-in, registration, the password pages, the profile): the body
 * under a form's heading, and fresh password inputs after a refusal. (The new-password pair is
 * ./new-password-fields.tsx: its texts are the "password" namespace's, which not every page sends.)
 */

/**
 * An account form under its heading: the intro, then (in a box, `className`) the form's own errors
 * under `errorTitle` (test id "form-alert") and the form itself (`children`).
 */
export function AccountFormBody({
  intro,
  form,
  errorTitle,
  className = "mt-6",
  children,
}: {
  intro: ReactNode;
  form: { errorId: string; errors?: string[] };
  errorTitle: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="mt-2 text-slate-600">{intro}</p>
      <div className={className}>
        <FormErrors id={form.errorId} title={errorTitle} errors={form.errors} testId="form-alert" className="mb-6" />
        {children}
      </div>
    </>
  );
}

/**
 * How many times the server refused the form (a form error in its answer). The server never sends a
 * password back: a password field keyed with this count starts empty again after a refusal, as a
 * fresh input, without the form being validated again.
 */
export function useRefusals(lastResult: SubmissionResult<string[]> | null | undefined): number {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (lastResult?.error?.[""]) setRefusals((n) => n + 1);
  }, [lastResult]);
  return refusals;
}
