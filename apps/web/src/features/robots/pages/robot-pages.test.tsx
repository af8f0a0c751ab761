import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { storageKeys } from '@bolsa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { parseDraft } from '../components/parameters-fields.tsx';
import { robotMessages } from '../messages.ts';
import { RobotMinePage } from './robot-mine-page.tsx';
import { RobotRunPage } from './robot-run-page.tsx';
import { RobotStartPage } from './robot-start-page.tsx';
import { RobotsPage } from './robots-page.tsx';

const now = Date.UTC(2026, 10, 26, 14, 0);
const explanation = { does: 'robots.kinds.grid.does', cannot: 'robots.kinds.grid.cannot', loses: 'robots.kinds.grid.loses' };
const rental = { id: '12', templateId: '1', kind: 'rental', days: 7, price: '9.00', currency: 'USD', energyIncluded: 168, isEnabled: true };
const purchase = {
  id: '11',
  templateId: '1',
  kind: 'purchase',
  days: null,
  price: '120.00',
  currency: 'USD',
  energyIncluded: 0,
  isEnabled: true,
};
const grid = {
  id: '1',
  kind: 'grid',
  code: 'GRID-1',
  name: 'Grid',
  defaultParameters: { kind: 'grid', lowerPrice: '180', upperPrice: '220', levels: 8 },
  explanation,
  prices: [purchase, rental],
  isEnabled: true,
  licence: null,
};
const run = {
  id: '7',
  templateId: '1',
  templateName: 'Grid',
  kind: 'grid',
  licenceId: '1',
  parameters: grid.defaultParameters,
  status: 'in_progress',
  endReason: null,
  failCode: null,
  stockCode: 'AAPL',
  walletType: 'STOCK',
  currency: 'USD',
  allocatedAmount: '1000.00',
  cash: '803.45',
  quantity: '1',
  averageCost: '195.10',
  lastPrice: '198.30',
  value: '1001.75',
  income: '2.55',
  todayOutput: '-0.30',
  fees: '1.00',
  profitLoss: '1.75',
  holdingProfitLoss: '6.20',
  versusHolding: '-4.45',
  maxDrawdownPercent: '0.85',
  tradesCount: 2,
  annualisedPercent: null,
  startedAtTimestamp: now - 86_400_000,
  endedAtTimestamp: null,
  billedUntilTimestamp: now,
  energyUsed: 24,
  orders: [
    {
      orderId: '21',
      direction: 0,
      quantity: '1',
      price: '195.10',
      amount: '195.10',
      fee: '0.10',
      realised: '-0.10',
      filledAtTimestamp: now - 3_600_000,
    },
  ],
  days: [{ date: '2026-11-26', output: '-0.30', fees: '0.10', trades: 1 }],
};

type Answer = { code: number; msg: string; data: unknown };
let answers: Record<string, Answer>;
const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown): Answer => ({ code: 200, msg: 'OK', data });
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);
const bodyOf = (path: string, index = 0) => JSON.parse(String(callsTo(path)[index]?.[1]?.body)) as Record<string, unknown>;

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(robotMessages);
});

beforeEach(() => {
  localStorage.setItem(storageKeys.token, 'test-token');
  answers = {
    '/web/robot/templates': ok([grid]),
    '/web/robot/template': ok(grid),
    '/web/robot/energy': ok({ units: 0, runningRuns: 0, endsAtTimestamp: null }),
    '/web/robot/energy/packs': ok([{ id: '1', units: 100, price: '5.00', currency: 'USD', isEnabled: true }]),
    '/web/robot/licences': ok([]),
    '/web/robot/runs': ok({ list: [], total: 0, pageNum: 1, pageSize: 50, hasMore: false }),
    '/web/robot/runs/detail': ok(run),
    '/web/wallet/getWalletBalance': ok({
      walletType: 'BALANCE',
      currency: 'USD',
      balance: '50.00',
      usedBalance: '0',
      availableBalance: '50.00',
    }),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const answer = answers[String(url)] ?? { code: 404, msg: 'No encontrado', data: null };
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(entry: string, page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Clicks the offer's price, then "Pagar" in the confirmation. */
async function buyRental() {
  fireEvent.click(await screen.findByRole('button', { name: 'Alquiler por 7 días · $9,00' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
}

describe('robot pages', { timeout: 20_000 }, () => {
  it('explains each template in plain words (does, cannot, loses money) and names no return', async () => {
    renderPage(pagePath('robots'), <RobotsPage />);
    const card = await screen.findByRole('listitem', { name: 'Grid' });
    for (const heading of ['Qué hace', 'Qué no puede hacer', 'Cuándo pierde dinero']) expect(within(card).getByText(heading)).toBeTruthy();
    expect(within(card).getByText(/Cuando el precio cae por debajo del rango/)).toBeTruthy();
    expect(within(card).getByText('Licencia (no vence)')).toBeTruthy();
    expect(screen.getByText(/No promete ninguna rentabilidad/)).toBeTruthy();
  });

  it('rents a template with an idempotency key and says "Compra realizada"', async () => {
    answers['/web/robot/buy'] = ok({
      id: '5',
      kind: 'rental',
      templateId: '1',
      templateName: 'Grid',
      days: 7,
      energyUnits: 168,
      price: '9.00',
      currency: 'USD',
      status: 'successful',
      failReason: null,
      createTimeTimestamp: now,
      expireTimeTimestamp: now + 7 * 86_400_000,
    });
    renderPage(pagePath('robots'), <RobotsPage />);
    await buyRental();
    await waitFor(() => expect(callsTo('/web/robot/buy')).toHaveLength(1));
    expect(bodyOf('/web/robot/buy')).toMatchObject({ priceId: '12', idempotencyKey: expect.any(String) });
    expect(await screen.findByText('Compra realizada')).toBeTruthy();
  });

  it('says "Compra fallida" with the server\'s reason when the wallet cannot pay', async () => {
    answers['/web/robot/buy'] = { code: 5002, msg: 'Saldo disponible insuficiente', data: null };
    renderPage(pagePath('robots'), <RobotsPage />);
    await buyRental();
    expect(await screen.findByText('Compra fallida: Saldo disponible insuficiente')).toBeTruthy();
  });

  it('backtests before starting, labelled hypothetical with its limits, and will not start without a licence or energy', async () => {
    answers['/web/robot/backtest'] = ok({
      isHypothetical: true,
      limitKeys: ['robots.backtest.limits.hypothetical', 'robots.backtest.limits.pastNotFuture'],
      stockCode: 'AAPL',
      parameters: grid.defaultParameters,
      amount: '100',
      fromTimestamp: now - 30 * 86_400_000,
      toTimestamp: now,
      candles: 30,
      finalValue: '98.00',
      income: '-1.00',
      fees: '1.00',
      profitLoss: '-2.00',
      holdingProfitLoss: '3.00',
      versusHolding: '-5.00',
      maxDrawdownPercent: '4.00',
      tradesCount: 4,
      annualisedPercent: null,
      days: [],
      fills: [],
    });
    renderPage(pagePath('robotStart', { id: '1', code: 'aapl' }), <RobotStartPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hacer primero una prueba histórica' }));
    await waitFor(() => expect(callsTo('/web/robot/backtest')).toHaveLength(1));
    expect(bodyOf('/web/robot/backtest')).toEqual({
      templateId: '1',
      stockCode: 'AAPL',
      amount: '100',
      parameters: { kind: 'grid', lowerPrice: '180', upperPrice: '220', levels: 8 },
    });
    expect(await screen.findByText('Hipotética')).toBeTruthy();
    expect(screen.getByText('Hipotética: estas operaciones no ocurrieron.')).toBeTruthy();
    expect(screen.getByText('Los precios pasados no predicen los futuros.')).toBeTruthy();
    expect(screen.getByText('Se muestra a partir de 90 días')).toBeTruthy();
    expect(screen.getByText('−$5,00')).toBeTruthy();
    expect(screen.getByText(/necesita una licencia o un alquiler/)).toBeTruthy();
    expect(screen.getByText('No le queda energía.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Iniciar con/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses parameters the contract refuses, field by field, without asking the server', async () => {
    expect(parseDraft('grid', { lowerPrice: '220', upperPrice: '180', levels: '8' })).toEqual({ invalid: new Set(['upperPrice']) });
    expect(parseDraft('ma-cross', { shortWindow: '5', longWindow: '20', sampleMinutes: '60' })).toEqual({
      parameters: { kind: 'ma-cross', shortWindow: 5, longWindow: 20, sampleMinutes: 60 },
    });
    renderPage(pagePath('robotStart', { id: '1', code: 'AAPL' }), <RobotStartPage />);
    fireEvent.change(await screen.findByLabelText('Líneas de precio'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hacer primero una prueba histórica' }));
    expect(await screen.findByText('Revise este valor')).toBeTruthy();
    expect(callsTo('/web/robot/backtest')).toHaveLength(0);
  });

  it('says why a run failed: energy ended', async () => {
    answers['/web/robot/runs/detail'] = ok({ ...run, status: 'failed', endReason: 'energy', endedAtTimestamp: now });
    renderPage(pagePath('robotRun', { id: '7' }), <RobotRunPage />);
    expect(await screen.findByText('Fallida')).toBeTruthy();
    expect(screen.getByText('Energía insuficiente, por lo que el robot se detuvo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Detener el robot' })).toBeNull();
  });

  it("shows a run's state, orders and a negative daily output, no yearly rate before 90 days, and stops it", async () => {
    answers['/web/robot/runs/stop'] = ok({ ...run, status: 'successful', endReason: 'user', endedAtTimestamp: now });
    renderPage(pagePath('robotRun', { id: '7' }), <RobotRunPage />);
    expect(await screen.findByText('En curso')).toBeTruthy();
    const days = screen.getByRole('table', { name: 'Resultado diario (puede ser negativo)' });
    expect(within(days).getByText('26/11/2026')).toBeTruthy();
    expect(within(days).getByText('−$0,30')).toBeTruthy();
    const orders = screen.getByRole('table', { name: 'Órdenes' });
    expect(within(orders).getByText('Compra')).toBeTruthy();
    expect(screen.getByText('Se muestra a partir de 90 días')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Detener el robot' }));
    const dialogButtons = await screen.findAllByRole('button', { name: 'Detener el robot' });
    fireEvent.click(dialogButtons[dialogButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(callsTo('/web/robot/runs/stop')).toHaveLength(1));
    expect(bodyOf('/web/robot/runs/stop')).toEqual({ id: '7' });
  });

  it('lists purchases and rentals with their times, and a refused one with its reason', async () => {
    answers['/web/robot/purchases'] = ok({
      list: [
        {
          id: '3',
          kind: 'energy',
          templateId: null,
          templateName: null,
          days: null,
          energyUnits: 100,
          price: '5.00',
          currency: 'USD',
          status: 'failed',
          failReason: 'INSUFFICIENT_FUNDS',
          createTimeTimestamp: now,
          expireTimeTimestamp: null,
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 50,
      hasMore: false,
    });
    renderPage(pagePath('robotMine', { tab: 'history' }), <RobotMinePage />);
    expect(await screen.findByText('Paquete de energía: 100 unidades')).toBeTruthy();
    expect(screen.getByText('Fallida')).toBeTruthy();
    expect(screen.getByText('Saldo insuficiente')).toBeTruthy();
  });

  it('shows an error with a retry when the templates cannot be read', async () => {
    answers['/web/robot/templates'] = { code: 500, msg: 'Error', data: null };
    renderPage(pagePath('robots'), <RobotsPage />);
    expect(await screen.findByText('No se pudieron cargar los robots')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
