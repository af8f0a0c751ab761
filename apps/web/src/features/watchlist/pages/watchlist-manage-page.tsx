import { DeleteOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { showError, showToast } from '../../../lib/toast.ts';
import { useDeleteWatchlistItem } from '../api/delete-watchlist-item.ts';
import { useWatchlist } from '../api/get-watchlist.ts';
import { useSortWatchlist } from '../api/sort-watchlist.ts';

/** Moves one entry of a list up or down by one place. */
export function moved<T>(list: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** /pages/watchlist/manage: remove instruments and change their order; each change is saved at once. */
export function WatchlistManagePage() {
  const { t } = useTranslation();
  const watchlist = useWatchlist(true);
  const remove = useDeleteWatchlistItem();
  const sort = useSortWatchlist();
  const [order, setOrder] = useState<string[]>([]);
  useEffect(() => {
    if (watchlist.data) setOrder(watchlist.data.map((row) => row.id));
  }, [watchlist.data]);
  const byId = new Map((watchlist.data ?? []).map((row) => [row.id, row]));
  const rows = order.map((id) => byId.get(id)).filter((row) => row !== undefined);

  const move = (index: number, offset: -1 | 1) => {
    const next = moved(order, index, offset);
    setOrder(next);
    sort.mutate(next, { onError: showError });
  };
  const removeRow = (id: string, name: string) => {
    remove.mutate(id, {
      onSuccess: () => showToast(t('watchlist.removed', { name }), 'success'),
      onError: showError,
    });
  };

  return (
    <>
      <NavBar title={t('watchlist.manageTitle')} />
      {watchlist.data && rows.length === 0 ? (
        <EmptyState title={t('watchlist.emptyTitle')} description={t('watchlist.emptyDescription')} />
      ) : null}
      <ul className="manage-list" aria-label={t('watchlist.manageTitle')}>
        {rows.map((row, index) => (
          <li key={row.id} className="manage-row">
            <span className="manage-names">
              <span className="quote-name">{row.n}</span>
              <span className="quote-code">
                {row.c} · {row.m}
              </span>
            </span>
            <button
              type="button"
              className="icon-button"
              onClick={() => move(index, -1)}
              disabled={index === 0}
              aria-label={t('watchlist.moveUp', { name: row.n })}
            >
              <UpOutline aria-hidden="true" />
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => move(index, 1)}
              disabled={index === rows.length - 1}
              aria-label={t('watchlist.moveDown', { name: row.n })}
            >
              <DownOutline aria-hidden="true" />
            </button>
            <button
              type="button"
              className="icon-button icon-button-danger"
              onClick={() => removeRow(row.id, row.n)}
              aria-label={t('watchlist.remove', { name: row.n })}
            >
              <DeleteOutline aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
