import type { ReactNode } from 'react';
import './empty-state.css';

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
};

/** A calm, honest message where content would be: what is missing and, if any, what to do. */
export function EmptyState({ icon, title, description, children }: EmptyStateProps) {
  return (
    <section className="empty-state" aria-label={title}>
      {icon ? (
        <div className="empty-state-icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="empty-state-title">{title}</h2>
      {description ? <p className="empty-state-description">{description}</p> : null}
      {children ? <div className="empty-state-actions">{children}</div> : null}
    </section>
  );
}
