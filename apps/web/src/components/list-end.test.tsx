import { render, waitFor } from '@testing-library/react';
import { beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { ListEnd, REACH_BOTTOM_THROTTLE_MS } from './list-end.tsx';

beforeAll(async () => {
  await initI18n('en');
});

it('loads page after page while the end stays in view, never two loads closer than the reach-bottom throttle', async () => {
  // jsdom lays nothing out: give elements the offset parent antd-mobile's InfiniteScroll checks before loading.
  const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
  onTestFinished(() => offsetParent.mockRestore());
  const startedAt: number[] = [];
  const loadMore = vi.fn(async () => {
    startedAt.push(performance.now());
  });
  render(<ListEnd hasMore loadMore={loadMore} />);
  await waitFor(() => expect(loadMore.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 3000 });
  const gaps = startedAt.slice(1).map((at, index) => at - (startedAt[index] ?? 0));
  // A timer may fire a millisecond early on a busy machine.
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(REACH_BOTTOM_THROTTLE_MS - 5);
});
