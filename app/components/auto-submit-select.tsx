import { Form } from "@remix-run/react";
import { useId } from "react";

interface Option {
  value: string;
  label: string;
  lang?: string;
}

/**
 * A select in its own small form. Without JavaScript the button submits it; with JavaScript a
 * change submits at once (the button stays for keyboard users who prefer it).
 */
export function AutoSubmitSelect(props: {
  action: string;
  redirectTo: string;
  name: string;
  label: string;
  submitLabel: string;
  value: string;
  options: Option[];
  reloadDocument?: boolean;
}) {
  const id = useId();
  return (
    <Form method="post" action={props.action} reloadDocument={props.reloadDocument} className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      <label htmlFor={id} className="sr-only">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value}
        key={props.value}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-slate-300 bg-white py-1 ps-2 pe-7 text-sm"
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100">
        {props.submitLabel}
      </button>
    </Form>
  );
}
