import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './menu-list.css';

type MenuRowProps = {
  icon?: ReactNode;
  label: string;
  /** Secondary text on the right, e.g. the current language. */
  extra?: ReactNode;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never } | { to?: never; onClick?: never });

/** A list of rows that are real links or buttons, so they work with a keyboard and a screen reader. */
export function MenuList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="menu-list" aria-label={label}>
      {children}
    </ul>
  );
}

export function MenuRow({ icon, label, extra, to, onClick }: MenuRowProps) {
  const content = (
    <>
      {icon ? (
        <span className="menu-row-icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="menu-row-label">{label}</span>
      {extra !== undefined ? <span className="menu-row-extra">{extra}</span> : null}
      {to || onClick ? <RightOutline className="menu-row-arrow" aria-hidden="true" /> : null}
    </>
  );
  return (
    <li className="menu-row">
      {to ? (
        <Link className="menu-row-content" to={to}>
          {content}
        </Link>
      ) : onClick ? (
        <button type="button" className="menu-row-content" onClick={onClick}>
          {content}
        </button>
      ) : (
        <div className="menu-row-content">{content}</div>
      )}
    </li>
  );
}
