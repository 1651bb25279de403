/** A plan's facts as term / value rows (the success and cancel pages). */
export function PlanRows({ rows, testId }: { rows: readonly { term: string; value: string }[]; testId?: string }) {
  return (
    <dl data-testid={testId} className="grid gap-3 text-sm">
      {rows.map((row) => (
        <div key={row.term} className="flex justify-between gap-4 border-b pb-3 last:border-b-0 last:pb-0">
          <dt className="text-muted-foreground">{row.term}</dt>
          <dd className="font-medium">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
