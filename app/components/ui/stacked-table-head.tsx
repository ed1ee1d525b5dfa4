/**
 * The header row of a table that stacks into cards on phones: hidden there (each cell shows its own label through
 * `data-label`) but still read by screen readers, a normal header row from `md` up.
 */
export function StackedTableHead({ headings }: { headings: readonly string[] }) {
  return (
    <thead className="sr-only border-b border-slate-200 bg-slate-50 text-slate-700 md:not-sr-only md:table-header-group">
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className="px-4 py-3 font-semibold">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
