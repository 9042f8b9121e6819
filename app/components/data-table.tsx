import type { ReactNode } from "react";

/** A column of a table's head: its label, aligned at the start unless told ("end" for numbers and amounts). */
export interface Column {
  label: ReactNode;
  align?: "start" | "end" | "center";
  /** More classes for this column's header (a width, an indent). */
  className?: string;
}

const ALIGN = { start: "text-start", end: "text-end", center: "text-center" } as const;

/**
 * The head of a table (the admin's lists, an account's orders, a document's lines): one row of
 * column headers (`scope="col"`). A column is its label (aligned at the start) or a Column. `row` is
 * the row's classes, `cell` every header's padding.
 */
export function TableHead({
  columns,
  row = "border-b border-slate-200",
  cell = "py-2",
}: {
  columns: ReadonlyArray<string | Column>;
  row?: string;
  cell?: string;
}) {
  return (
    <thead>
      <tr className={row}>
        {columns.map((column, index) => {
          const { label, align = "start", className }: Column = typeof column === "string" ? { label: column } : column;
          return (
            <th key={index} scope="col" className={`${cell} ${ALIGN[align]}${className ? ` ${className}` : ""}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * A list as a table: its head (TableHead's `columns`, `row`, `cell`), then a row per item
 * (`children`, given the item), or `empty` instead when there are no items (without `empty`, the
 * table stays, with no rows). `className` is the box around the table (a horizontal scroll; none
 * without it), `caption` a caption for screen readers.
 */
export function DataTable<Item>({
  items,
  empty,
  columns,
  row,
  cell,
  className,
  tableClassName = "w-full text-sm",
  testId,
  caption,
  children,
}: {
  items: readonly Item[];
  empty?: ReactNode;
  columns: ReadonlyArray<string | Column>;
  row?: string;
  cell?: string;
  className?: string;
  tableClassName?: string;
  testId?: string;
  caption?: ReactNode;
  children: (item: Item, index: number) => ReactNode;
}) {
  if (items.length === 0 && empty !== undefined) return <>{empty}</>;
  const table = (
    <table className={tableClassName} data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <TableHead columns={columns} row={row} cell={cell} />
      <tbody>{items.map((item, index) => children(item, index))}</tbody>
    </table>
  );
  return className ? <div className={className}>{table}</div> : table;
}
