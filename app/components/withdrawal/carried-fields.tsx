import type { Carry } from "./withdrawal.schema";

/** The first step's values, carried by a later step's form in hidden fields. */
export function CarriedFields({ values }: { values: Carry }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
