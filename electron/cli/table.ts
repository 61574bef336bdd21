// Plain-text tables for human output: left-aligned text, right-aligned numbers, no colours (the
// output is often pasted into a support ticket).

export interface Column<Row> {
  title: string;
  value: (row: Row) => string | number | null | undefined;
  align?: 'left' | 'right';
  /** Longer cells are cut with an ellipsis. */
  maxWidth?: number;
}

function cell(value: string | number | null | undefined, maxWidth: number | undefined): string {
  const text = value === null || value === undefined ? '' : String(value).replace(/\s+/g, ' ');
  if (maxWidth !== undefined && text.length > maxWidth) return `${text.slice(0, maxWidth - 1)}…`;
  return text;
}

export function formatTable<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cells = rows.map((row) => columns.map((c) => cell(c.value(row), c.maxWidth)));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) =>
        columns[i]!.align === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), ...cells.map(line)].join('\n');
}

/** `key: value` lines with the keys aligned. */
export function formatFields(
  fields: [string, string | number | boolean | null | undefined][],
): string {
  const width = Math.max(0, ...fields.map(([k]) => k.length));
  return fields
    .map(
      ([k, v]) => `${`${k}:`.padEnd(width + 1)} ${v === null || v === undefined ? '' : String(v)}`,
    )
    .join('\n');
}
