import { useTranslation } from '@bolsa/client-kit/i18n';
import { DeleteOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { showError, showToast } from '../../../lib/toast.ts';
import { useDeleteWatchlistItem } from '../api/delete-watchlist-item.ts';
import { useWatchlist } from '../api/get-watchlist.ts';
import { useSortWatchlist } from '../api/sort-watchlist.ts';
import '../watchlist.css';

/** Moves one entry of a list up or down by one place. */
export function moved<T>(list: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** Moves one entry of a list from one place to another. */
export function movedTo<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return next;
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Where a dragged row lands: after every other row whose middle lies above the dragged row's middle
 * now. `middles` are the vertical middles of the rows as laid out when the drag began (top to bottom).
 */
export function dropIndexOf(middles: readonly number[], from: number, draggedMiddleY: number): number {
  return middles.filter((middle, index) => index !== from && middle < draggedMiddleY).length;
}

type Drag = { id: string; from: number; pointerId: number; startY: number; middles: number[]; height: number; offsetY: number; to: number };

/** How far a row is shifted while another is dragged: the dragged one follows the pointer, those it passes make room. */
export function dragShiftOf(drag: Pick<Drag, 'from' | 'to' | 'offsetY' | 'height'>, index: number): number {
  if (index === drag.from) return drag.offsetY;
  if (drag.from < drag.to && index > drag.from && index <= drag.to) return -drag.height;
  if (drag.from > drag.to && index >= drag.to && index < drag.from) return drag.height;
  return 0;
}

/**
 * Dragging a row of `listRef` by its handle, with pointer events so mouse, pen and touch behave the same; the
 * up and down buttons stay for keyboards and screen readers. `onDrop` hears where a moved row landed.
 */
function useRowDrag(listRef: RefObject<HTMLUListElement | null>, onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const startDrag = (event: ReactPointerEvent<HTMLElement>, id: string, from: number) => {
    if (event.button !== 0 || !listRef.current) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rects = [...listRef.current.children].map((child) => child.getBoundingClientRect());
    const middles = rects.map((rect) => rect.top + rect.height / 2);
    const height = rects[from]?.height ?? 0;
    setDrag({ id, from, pointerId: event.pointerId, startY: event.clientY, middles, height, offsetY: 0, to: from });
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    // The dragged row stays over the list: at most half a row past the first row's place or the last one's.
    const own = drag.middles[drag.from] ?? 0;
    const slack = drag.height / 2;
    const offsetY = Math.min(
      Math.max(event.clientY - drag.startY, (drag.middles[0] ?? own) - own - slack),
      (drag.middles[drag.middles.length - 1] ?? own) - own + slack,
    );
    setDrag({ ...drag, offsetY, to: dropIndexOf(drag.middles, drag.from, (drag.middles[drag.from] ?? 0) + offsetY) });
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    if (drag.to !== drag.from) onDrop(drag.from, drag.to);
  };
  const cancelDrag = () => setDrag(null);
  return { drag, startDrag, moveDrag, endDrag, cancelDrag };
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

  const save = (next: string[]) => {
    setOrder(next);
    sort.mutate(next, { onError: showError });
  };
  const move = (index: number, offset: -1 | 1) => save(moved(order, index, offset));

  const listRef = useRef<HTMLUListElement>(null);
  const { drag, startDrag, moveDrag, endDrag, cancelDrag } = useRowDrag(listRef, (from, to) => save(movedTo(order, from, to)));
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
      <ul className="manage-list" aria-label={t('watchlist.manageTitle')} ref={listRef}>
        {rows.map((row, index) => {
          // Rows keep their place in the document while dragging (moving the node would drop the
          // pointer capture); they are only shifted on screen.
          const shift = drag ? dragShiftOf(drag, index) : 0;
          return (
            <li
              key={row.id}
              className={drag?.id === row.id ? 'manage-row manage-row-dragged' : 'manage-row'}
              style={shift === 0 ? undefined : { transform: `translateY(${shift}px)` }}
              data-testid={`manage-row-${row.c}`}
            >
              <span
                className="drag-handle"
                role="img"
                aria-label={t('watchlist.dragHandle', { name: row.n })}
                title={t('watchlist.dragHandle', { name: row.n })}
                onPointerDown={(event) => startDrag(event, row.id, index)}
                onPointerMove={moveDrag}
                onPointerUp={endDrag}
                onPointerCancel={cancelDrag}
              >
                <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
                  <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                </svg>
              </span>
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
          );
        })}
      </ul>
    </>
  );
}
