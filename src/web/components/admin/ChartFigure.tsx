import { useId, type ReactNode } from 'react';

/** The chart's figures as rows: a heading each (a day, a month) and its values. */
interface ChartTable {
  /** Said to screen readers: what the rows are. */
  caption: string;
  /** The headings' column first, then one per value. */
  columns: readonly string[];
  rows: readonly { key: string; heading: ReactNode; values: readonly ReactNode[] }[];
}

interface ChartFigureProps {
  title: string;
  /** Beside the title: the figures in a sentence. */
  summary: ReactNode;
  /** Said instead of the picture when there is nothing to draw. */
  empty?: string;
  table: ChartTable;
  /** The picture: plain elements, no chart library. */
  children: ReactNode;
}

/**
 * A chart in a figure with its title. The picture is for sighted admins and hidden from screen
 * readers; the same figures are in the table under it, which screen readers use.
 */
export function ChartFigure({ title, summary, empty, table, children }: ChartFigureProps) {
  const titleId = useId();
  const [headingColumn, ...valueColumns] = table.columns;
  return (
    <figure aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <span className="text-sm text-slate-600">{summary}</span>
      </figcaption>
      {empty ? (
        <p className="mt-6 text-sm text-slate-600">{empty}</p>
      ) : (
        <div aria-hidden="true" className="mt-4">
          {children}
        </div>
      )}
      {table.rows.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer py-3 font-medium text-brand-700">Show the figures as a table</summary>
          <div className="max-h-72 overflow-y-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{table.caption}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-1.5 font-medium">
                    {headingColumn}
                  </th>
                  {valueColumns.map((column) => (
                    <th key={column} scope="col" className="py-1.5 text-right font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100">
                    <th scope="row" className="py-1 font-normal">
                      {row.heading}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={valueColumns[index]} className="py-1 text-right tabular-nums">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}
