import { expect, signUpInApp, test } from './fixtures.ts';

const appleQuote = '/#/pages/quote/stock?name=Apple&code=AAPL&market=NASDAQ&source=0';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
});

test('a quote page shows a live price that changes within 5 seconds', async ({ page }) => {
  await page.goto(appleQuote);
  const price = page.getByTestId('quote-price');
  await expect(price).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  const first = await price.textContent();
  await expect.poll(async () => price.textContent(), { timeout: 5_000, intervals: [200] }).not.toBe(first);
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('52-week high')).toBeVisible();
});

/**
 * 1D is the session so far, which on a trading morning under the demo clock may be a few minutes
 * (market.consistency.test pins the clock to check what 1D shows); 1M has about 21 trading days.
 */
const minimumCandles: Record<string, number> = { '1D': 0, '1M': 15 };

test('every time frame of the K-line shows candles', async ({ page }) => {
  await page.goto(appleQuote);
  const chart = page.getByRole('img', { name: 'Price chart with volume' });
  for (const frame of ['1D', '1W', '1M', '3M', '1Y']) {
    // Exact: 1m (a minute) sits beside 1M (a month).
    await page.getByRole('tab', { name: frame, exact: true }).click();
    await expect(page.getByRole('tab', { name: frame, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 10_000 })
      .toBeGreaterThan(minimumCandles[frame] ?? 20);
  }
  await expect(chart.locator('canvas').first()).toBeVisible();
});

test('a quote switches to one-minute candles and to MACD, reads out the candle, and remembers the indicator', async ({ page }) => {
  await page.goto(appleQuote);
  const chart = page.getByRole('img', { name: 'Price chart with volume' });
  await page.getByRole('tab', { name: '1m', exact: true }).click();
  await expect(chart).toHaveAttribute('data-interval', '1m');
  await expect.poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 10_000 }).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'MACD' }).click();
  await expect(page.getByRole('button', { name: 'MACD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-indicators', 'MACD');
  // The readout writes out the latest candle, then the MACD lines' values at it.
  const readout = page.getByTestId('kline-readout');
  await expect(readout).toContainText(/O \d/);
  await expect(readout).toContainText(/DIF -?\d/);
  await page.screenshot({ path: 'test-results/quote-1m-macd.png', fullPage: true });
  await page.reload();
  await expect(page.getByRole('button', { name: 'MACD' })).toHaveAttribute('aria-pressed', 'true');
});

test('a future shows its contract fields, and the markets tab lists futures and forex', async ({ page }) => {
  await page.goto('/#/pages/market/index');
  await page.getByRole('tab', { name: 'Futures' }).click();
  await page.getByRole('link', { name: /Gold Feb 2027/ }).click();
  await expect(page).toHaveURL(/#\/pages\/quote\/future\?.*code=GCG7/);
  await expect(page.getByText('Last trade date')).toBeVisible();
  await expect(page.getByText('24/02/2027')).toBeVisible();
  await page.goto('/#/pages/market/index?tab=forex');
  await expect(page.getByRole('link', { name: /USD\/TWD/ })).toBeVisible();
});

// The watchlist journeys start from a new account: the demo account has a watchlist of its own (issue 15 §8).
test('adding a quote to the watchlist shows it in the Watchlists tab, and managing removes it', async ({ page, stack }) => {
  await signUpInApp(page, stack, 'lista');
  await page.goto(appleQuote);
  await page.getByRole('button', { name: 'Add to watchlist' }).click();
  await expect(page.getByText('Added to your watchlist')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from watchlist' })).toBeVisible();

  await page.goto('/#/pages/watchlist/index');
  const list = page.getByRole('list', { name: 'Watchlists' });
  await expect(list.getByText('Apple Inc.')).toBeVisible();
  await expect(list.getByTestId('price-AAPL')).toHaveText(/\$\d/);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/manage/);
  await page.getByRole('button', { name: 'Remove Apple Inc.' }).click();
  await expect(page.getByText('Apple Inc. removed')).toBeVisible();
  await page.goto('/#/pages/watchlist/index');
  await expect(page.getByText('Your watchlist is empty')).toBeVisible();
});

test('search finds instruments of every market and keeps the history', async ({ page }) => {
  await page.goto('/#/pages/search/index');
  const input = page.getByLabel('Search by code or name');
  await input.fill('gold');
  await expect(page.getByRole('link', { name: /Gold Feb 2027/ })).toBeVisible();
  await input.fill('2330');
  await expect(page.getByRole('link', { name: /TSMC/ })).toBeVisible();
  await input.fill('');
  const history = page.getByRole('region', { name: 'Recent searches' });
  await expect(history.getByRole('button', { name: '2330' })).toBeVisible();
  await expect(history.getByRole('button', { name: 'gold' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('usa12_shistory') ?? '[]'))).toEqual(['2330', 'gold']);
  await page.reload();
  await history.getByRole('button', { name: 'gold' }).click();
  await expect(page.getByRole('link', { name: /Gold Feb 2027/ })).toBeVisible();
});

test('the home page shows indices, a sparkline and the featured list', async ({ page }) => {
  await page.goto('/#/pages/home/index');
  await expect(page.getByRole('list', { name: 'Global indices' }).getByText('S&P 500')).toBeVisible();
  await expect(page.getByRole('img', { name: /S&P 500: last \d+ quotes/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My list' }).getByText('Apple Inc.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hot stocks' })).toBeVisible();
});

test('every quote page and the home say the market is simulated; EUR/USD keeps its 5 decimals, indices are points', async ({ page }) => {
  const pages = [
    {
      shot: 'quote-eurusd',
      url: '/#/pages/quote/forex?name=EUR%2FUSD&code=EURUSD&market=FX&source=2',
      price: /^1\.\d{5}$/,
      tick: '0.00001',
    },
    {
      shot: 'quote-spx',
      url: '/#/pages/quote/globalindex?name=S%26P%20500&code=SPX&market=INDEX&source=99',
      price: /^\d[\d,]*\.\d{2}$/,
      tick: '0.01',
    },
    {
      shot: 'quote-es',
      url: '/#/pages/quote/future?name=E-mini&code=ESZ6&market=CME&source=3',
      price: /^\$\d[\d,]*\.\d{2}$/,
      tick: '0.25',
    },
  ];
  for (const { shot, url, price, tick } of pages) {
    await page.goto(url);
    await expect(page.getByTestId('simulated-badge')).toContainText('Simulated market');
    await expect(page.getByTestId('quote-price')).toHaveText(price);
    const chart = page.getByRole('img', { name: 'Price chart with volume' });
    await expect(chart).toHaveAttribute('data-tick', tick);
    await expect.poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/${shot}.png`, fullPage: true });
  }
  // The open, high, low and previous close of EUR/USD too, and nowhere a currency on an index's points.
  await page.goto(pages[0]?.url ?? '');
  await expect(page.getByText(/^1\.\d{5}$/).first()).toBeVisible();
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('simulated-badge')).toContainText('Simulated market');
  await expect(page.getByRole('list', { name: 'Global indices' })).not.toContainText('$');
  await page.screenshot({ path: 'test-results/home-simulated.png', fullPage: true });
});

test('the popular page, reached from Markets, ranks what this platform trades and watches, or says nothing has happened yet', async ({
  page,
}) => {
  await page.goto('/#/pages/market/index');
  await expect(page.getByRole('link', { name: 'Popular on the platform' })).toBeVisible();
  await page.screenshot({ path: 'test-results/market-popular-link.png' });
  await page.getByRole('link', { name: 'Popular on the platform' }).click();
  await expect(page).toHaveURL(/#\/pages\/product\/popular/);
  await expect(page.getByText(/Counted from the filled orders and the watchlists/)).toBeVisible();
  for (const name of ['Most traded today', 'Most watched']) {
    const section = page.getByRole('region', { name, exact: true });
    await expect(section).toBeVisible();
    // Either ranked instruments, each with its count, or the honest empty state; never a made-up list.
    await expect(
      section
        .getByText(/: \d+$/)
        .first()
        .or(section.getByRole('region')),
    ).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/popular.png', fullPage: true });
});

test('the markets tab leads to futures by family, with front months and roll dates, and to Taiwan by sector', async ({ page }) => {
  await page.goto('/#/pages/market/index');
  await page.getByRole('link', { name: 'Futures by family' }).click();
  await expect(page).toHaveURL(/#\/pages\/product\/future/);
  const equity = page.getByRole('region', { name: 'Equity index' });
  await expect(equity.getByText(/^Front month · last trade \d{2}\/\d{2}\/\d{4} · roll \d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/product-future.png', fullPage: true });
  await page.goBack();
  await page.getByRole('link', { name: 'Taiwan by sector' }).click();
  await expect(page).toHaveURL(/#\/pages\/product\/taiwan/);
  await expect(page.getByText(/^Hours: 09:00–13:30 \(Asia\/Taipei\)$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /TSMC/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/product-taiwan.png', fullPage: true });
});

test('the watchlist is reordered by dragging a row by its handle, with a mouse and with a finger, and the order is kept', async ({
  page,
  stack,
}) => {
  await signUpInApp(page, stack, 'lista');
  const token = await page.evaluate(() => window.localStorage.getItem('usa12_token') ?? '');
  const watched = [
    { secuCode: 'AAPL', securityName: 'Apple Inc.', market: 'NASDAQ' },
    { secuCode: 'MSFT', securityName: 'Microsoft Corp.', market: 'NASDAQ' },
    { secuCode: 'TSLA', securityName: 'Tesla, Inc.', market: 'NASDAQ' },
  ];
  for (const item of watched) await stack.api('/userSelfSecurity/save', { token, body: { ...item, assettype: '0', classify: 'US' } });
  const serverOrder = async () =>
    (await stack.api<Array<{ c: string }>>('/userSelfSecurity/selectSelfSelectionStocksData', { token, method: 'GET' })).map(
      (row) => row.c,
    );
  const shownOrder = async () =>
    (await page.locator('[data-testid^="manage-row-"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')))).map(
      (id) => id?.replace('manage-row-', ''),
    );
  try {
    // Start from a known order: AAPL, MSFT, TSLA.
    const rows = await stack.api<Array<{ id: string; c: string }>>('/userSelfSecurity/selectSelfSelectionStocksData', {
      token,
      method: 'GET',
    });
    const idOf = (code: string) => rows.find((row) => row.c === code)?.id;
    await stack.api('/userSelfSecurity/sort', { token, body: { ids: ['AAPL', 'MSFT', 'TSLA'].map(idOf) } });
    await page.goto('/#/pages/watchlist/manage');
    await expect.poll(shownOrder).toEqual(['AAPL', 'MSFT', 'TSLA']);

    // Mouse: TSLA's handle dragged above AAPL.
    const handle = (code: string) => page.getByTestId(`manage-row-${code}`).getByRole('img', { name: /^Drag to reorder / });
    const from = await handle('TSLA').boundingBox();
    const to = await handle('AAPL').boundingBox();
    if (!from || !to) throw new Error('the handles are not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 10) * step) / 8);
    }
    await page.mouse.up();
    await expect.poll(shownOrder).toEqual(['TSLA', 'AAPL', 'MSFT']);
    await expect.poll(serverOrder).toEqual(['TSLA', 'AAPL', 'MSFT']);

    // Finger: AAPL (now second) dragged below MSFT with touch events, as a phone sends them.
    const touchFrom = await handle('AAPL').boundingBox();
    const touchTo = await handle('MSFT').boundingBox();
    if (!touchFrom || !touchTo) throw new Error('the handles are not on screen');
    const cdp = await page.context().newCDPSession(page);
    const x = touchFrom.x + touchFrom.width / 2;
    const startY = touchFrom.y + touchFrom.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: startY }] });
    for (let step = 1; step <= 8; step += 1) {
      const y = startY + ((touchTo.y - touchFrom.y + 10) * step) / 8;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(shownOrder).toEqual(['TSLA', 'MSFT', 'AAPL']);
    await expect.poll(serverOrder).toEqual(['TSLA', 'MSFT', 'AAPL']);

    // The buttons remain for keyboards and screen readers, and the order survives a reload.
    await page.getByRole('button', { name: 'Move Apple Inc. up' }).click();
    await expect.poll(serverOrder).toEqual(['TSLA', 'AAPL', 'MSFT']);
    await page.reload();
    await expect.poll(shownOrder).toEqual(['TSLA', 'AAPL', 'MSFT']);
    await page.goto('/#/pages/watchlist/index');
    await expect(page.getByRole('list', { name: 'Watchlists' }).getByTestId('price-TSLA')).toBeVisible();
  } finally {
    for (const item of watched) {
      await stack.api(`/userSelfSecurity/deleteByStockCode/${item.secuCode}`, { token }).catch(() => undefined);
    }
  }
});
