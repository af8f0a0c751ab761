/** Label and value pairs as a definition list: the ticket's estimate and confirmation, the position dialogs' facts. */
export function SummaryRows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="order-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="order-summary-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
