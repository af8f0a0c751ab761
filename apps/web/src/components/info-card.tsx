import type { ReactNode } from 'react';
import './info-card.css';

/**
 * A list of cards, each an item with a head (name, a secondary line, a state) and its facts: the one way
 * the app lists institutions, follows, offerings and placings. Each card is an `<li className="info-card">`
 * with an `info-card-head` holding an `info-card-name` and an `info-card-sub`.
 */
export function InfoCardList({ children }: { children: ReactNode }) {
  return <ul className="info-card-list">{children}</ul>;
}

/** Label and value pairs as a definition list: the facts of a card (a value never breaks inside a number). */
export function FactList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="fact-list">
      {rows.map(([label, value]) => (
        <div key={label} className="fact-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
