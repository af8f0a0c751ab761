import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { tradeMessages } from '../messages.ts';
import { leverageOptionsOf, OrderPage } from './order-page.tsx';

vi.mock('../../../lib/push-client.ts', () => ({ useLiveQuotes: () => new Map() }));

const fetchMock = vi.fn<typeof fetch>();
let heldPositions: unknown[] = [];

function envelope(data: unknown, code = 200, msg = ''): Response {
  return new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
}

const rules = {
  stockCode: 'AAPL',
  source: '0',
  walletType: 'STOCK',
  currency: 'USD',
  minCount: '1',
  lotSize: '1',
  tickSize: '0.01',
  multiplier: '1',
  leverageMin: 1,
  leverageMax: 5,
  feeRate: '0.001',
  feeMinimum: '1.00',
  marketStatus: 'open',
};

const quote = {
  name: 'Apple',
  stock_code: 'AAPL',
  market: 'NASDAQ',
  source: '0',
  price_nominal: '200.00',
  change: '1.00',
  change_ratio: '0.5',
  bid: '199.99',
  ask: '200.01',
  marketStatus: 'open',
  multiplier: null,
  margin: null,
  lot_size: '1',
  min_quantity: '1',
};

function calls(path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === `/web${path}`);
}

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(tradeMessages);
});

beforeEach(() => {
  heldPositions = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/web/m_ft/stock_detail_ft')) return envelope(quote);
    if (url === '/web/stocka_config/getMinCount') return envelope(rules);
    if (url === '/web/wallet/getWalletBalance')
      return envelope({ walletType: 'STOCK', currency: 'USD', balance: '1000.00', usedBalance: '0.00', availableBalance: '1000.00' });
    if (url === '/web/position/getByStock') return envelope(heldPositions);
    if (url === '/web/stock/holding') return envelope({ stockCode: 'AAPL', heldQuantity: '5', sellableQuantity: '5', canSellShort: true });
    if (url === '/web/position/getHalfOrFullNum') return envelope({ positionId: '9', fullNum: '12', halfNum: '6' });
    if (url === '/web/stock/create') return envelope(null, 5002, 'La cantidad mínima no puede ser inferior a 1');
    return envelope(null, 1004, 'La URL no existe');
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderTicket(entry = '/pages/payment/stock?name=Apple&code=AAPL&source=0&direction=0') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <OrderPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const quantityInput = () => screen.getByLabelText('Cantidad') as HTMLInputElement;

// Each case renders the whole ticket and walks it; on a loaded 2-core CI machine that can take more than the default 5 s.
describe('OrderPage', { timeout: 20_000 }, () => {
  it('shows the server message when the quantity is below the minimum, and sends an idempotency key', async () => {
    renderTicket();
    await screen.findByText('Mínimo 1, en múltiplos de 1');
    fireEvent.change(quantityInput(), { target: { value: '0.5' } });
    const submit = screen.getAllByRole('button', { name: 'Comprar' }).find((button) => button.getAttribute('type') === 'submit');
    fireEvent.click(submit as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar orden' }));
    await waitFor(() => expect(calls('/stock/create')).toHaveLength(1));
    const body = JSON.parse(String(calls('/stock/create')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ stockCode: 'AAPL', source: '0', direction: 0, type: 0, quantity: '0.5', leverage: 1 });
    expect(String(body.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('La cantidad mínima no puede ser inferior a 1');
    expect(quantityInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a quantity before sending anything', async () => {
    renderTicket();
    await screen.findByText('Mínimo 1, en múltiplos de 1');
    fireEvent.submit(quantityInput().closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe('Agregue una cantidad');
    expect(calls('/stock/create')).toHaveLength(0);
  });

  it('Half and Full fill in the quantity from the held position', async () => {
    heldPositions = [{ id: '9', status: 'open', positionNum: '12' }];
    renderTicket();
    await waitFor(() => expect(calls('/position/getHalfOrFullNum')).toHaveLength(1));
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Mitad' }));
      expect(quantityInput().value).toBe('6');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Máximo' }));
    expect(quantityInput().value).toBe('12');
  });

  it('without a position, Full fills in what the available balance buys in whole lots', async () => {
    renderTicket();
    await screen.findByText('$1.000,00');
    // (1000 − 1 minimum fee) / (200.01 + 0.20001 fee) → 4 lots.
    fireEvent.click(screen.getByRole('button', { name: 'Máximo' }));
    expect(quantityInput().value).toBe('4');
  });

  it('sends a good-till-cancelled stop-limit buy with take-profit and stop-loss, after a summary that lists them all', async () => {
    const placed = { id: '77', status: 0 };
    const defaultAnswer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/web/stock/create' ? envelope(placed) : (defaultAnswer?.(input, init) as Promise<Response>),
    );
    renderTicket();
    await screen.findByText('Mínimo 1, en múltiplos de 1');
    fireEvent.click(screen.getByRole('button', { name: 'Stop límite' }));
    fireEvent.change(screen.getByLabelText('Precio stop'), { target: { value: '205' } });
    fireEvent.change(screen.getByLabelText('Precio límite'), { target: { value: '206' } });
    fireEvent.change(quantityInput(), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hasta cancelar' }));
    expect(screen.getByText('Espera hasta ejecutarse o hasta que la cancele, como máximo 90 días.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Toma de ganancias'), { target: { value: '220' } });
    fireEvent.change(screen.getByLabelText('Límite de pérdida'), { target: { value: '190' } });
    const submit = screen.getAllByRole('button', { name: 'Comprar' }).find((button) => button.getAttribute('type') === 'submit');
    fireEvent.click(submit as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    for (const text of ['Stop límite', 'Hasta cancelar', '205', '206', '220', '190']) expect(dialog.textContent).toContain(text);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar orden' }));
    await waitFor(() => expect(calls('/stock/create')).toHaveLength(1));
    const body = JSON.parse(String(calls('/stock/create')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 3,
      stopPrice: '205',
      price: '206',
      quantity: '1',
      timeInForce: 'gtc',
      takeProfit: '220',
      stopLoss: '190',
    });
  });

  it('refuses a take-profit below and a stop-loss above the price of a buy, sending nothing', async () => {
    renderTicket();
    await screen.findByText('Mínimo 1, en múltiplos de 1');
    fireEvent.change(quantityInput(), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Toma de ganancias'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Límite de pérdida'), { target: { value: '250' } });
    fireEvent.submit(quantityInput().closest('form') as HTMLFormElement);
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    // A market buy fills at the ask, 200.01.
    expect(alerts).toEqual(['Debe ser mayor que 200,01', 'Debe ser menor que 200,01']);
    expect(calls('/stock/create')).toHaveLength(0);
  });

  it('Sell on a stock says what is held, fills it in, refuses more, and sends a market close (issue 15 §2)', async () => {
    renderTicket('/pages/payment/stock?name=Apple&code=AAPL&source=0&direction=1');
    expect((await screen.findByTestId('stock-held')).textContent).toBe('Usted tiene 5 AAPL');
    // Selling what is held is at the market, with no leverage or take-profit to choose.
    const typeLegend = screen.getAllByText('Tipo de orden').find((element) => element.tagName === 'LEGEND');
    expect(typeLegend?.closest('fieldset')?.hidden).toBe(true);
    expect(screen.queryByLabelText('Apalancamiento')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Máximo' }));
    expect(quantityInput().value).toBe('5');
    fireEvent.change(quantityInput(), { target: { value: '6' } });
    const submit = () => screen.getAllByRole('button', { name: 'Vender' }).find((button) => button.getAttribute('type') === 'submit');
    fireEvent.click(submit() as HTMLElement);
    expect((await screen.findByRole('alert')).textContent).toBe('Puede vender como máximo 5 AAPL');
    expect(calls('/stock/create')).toHaveLength(0);
    fireEvent.change(quantityInput(), { target: { value: '2' } });
    fireEvent.click(submit() as HTMLElement);
    // A confirmation of an earlier case may still be closing: the newest dialog is the last one.
    fireEvent.click((await screen.findAllByRole('button', { name: 'Enviar orden' })).at(-1) as HTMLElement);
    await waitFor(() => expect(calls('/stock/create')).toHaveLength(1));
    const body = JSON.parse(String(calls('/stock/create')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ stockCode: 'AAPL', direction: 1, openClose: 1, type: 0, quantity: '2' });
  });

  it('a short is the separate choice, sent as Open with its margin shown', async () => {
    renderTicket('/pages/payment/stock?name=Apple&code=AAPL&source=0&direction=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Vender en corto' }));
    expect(screen.getByText(/requiere el margen indicado abajo/)).toBeTruthy();
    fireEvent.change(quantityInput(), { target: { value: '7' } });
    const submit = screen.getAllByRole('button', { name: 'Vender en corto' }).find((button) => button.getAttribute('type') === 'submit');
    fireEvent.click(submit as HTMLElement);
    // A confirmation of an earlier case may still be closing: the newest dialog is the last one.
    fireEvent.click((await screen.findAllByRole('button', { name: 'Enviar orden' })).at(-1) as HTMLElement);
    await waitFor(() => expect(calls('/stock/create')).toHaveLength(1));
    const body = JSON.parse(String(calls('/stock/create')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ direction: 1, openClose: 0, quantity: '7' });
  });

  it('offers only the leverage the market allows', () => {
    expect(leverageOptionsOf({ leverageMin: 1, leverageMax: 5 })).toEqual([1, 2, 5]);
    expect(leverageOptionsOf({ leverageMin: 1, leverageMax: 100 })).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(leverageOptionsOf(undefined)).toEqual([1, 2, 3, 4, 5]);
    // A most leverage between the steps (30× on a major currency pair, issue 15 §11) is offered too.
    expect(leverageOptionsOf({ leverageMin: 1, leverageMax: 30 })).toEqual([1, 2, 5, 10, 20, 30]);
  });

  it('before a first leveraged order, asks the check and shows in money what a move does to the margin; 1× never asks', async () => {
    const answered: unknown[] = [];
    let isAcknowledged = false;
    const others = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/web/trading/leverageAcknowledgement') return envelope({ isAcknowledged, acknowledgedAt: null });
      if (url === '/web/trading/acknowledgeLeverage') {
        answered.push(JSON.parse(String(init?.body)));
        isAcknowledged = true;
        return envelope({ isAcknowledged: true, acknowledgedAt: 1_700_000_000_000 });
      }
      if (url === '/web/stock/create') return envelope(null, 5002, 'La cantidad mínima no puede ser inferior a 1');
      return (others as typeof fetch)(input, init);
    });
    renderTicket();
    await screen.findByText('Mínimo 1, en múltiplos de 1');
    fireEvent.change(quantityInput(), { target: { value: '10' } });
    // At 1× nothing is asked.
    expect(screen.queryByText('Aviso de riesgo de esta orden')).toBeNull();
    expect(calls('/trading/leverageAcknowledgement')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Apalancamiento'), { target: { value: '5' } });
    // 10 × 200.01 = 2,000.10 at 5×: margin 400.02; a 1 % move is 20.00, 5 % of it; half the margin is lost at a 10 % move.
    const disclosure = await screen.findByTestId('leverage-disclosure');
    expect(disclosure.textContent).toBe(
      'Con 5×, un movimiento del 1 % del precio en su contra es −$20,00, es decir, el 5,00 % de su margen de $400,02. ' +
        'Si el precio se mueve un 10,00 % en su contra, la posición se cierra automáticamente.',
    );
    const submit = () =>
      fireEvent.click(
        screen.getAllByRole('button', { name: 'Comprar' }).find((button) => button.getAttribute('type') === 'submit') as HTMLElement,
      );
    submit();
    expect(await screen.findByText('Responda las preguntas y acepte el aviso de riesgo antes de operar con apalancamiento.')).toBeTruthy();
    expect(calls('/stock/create')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Todo el margen que aportó'));
    fireEvent.click(screen.getByLabelText('Le quita el 10 %'));
    fireEvent.click(screen.getByLabelText('La posición se cierra automáticamente'));
    fireEvent.click(screen.getByLabelText('He leído el aviso y entiendo que puedo perder todo el margen de esta posición.'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar respuestas' }));
    await waitFor(() => expect(screen.queryByText('Aviso de riesgo de esta orden')).toBeNull());
    expect(answered).toEqual([{ answers: { loss: 'allMargin', effect: 'tenPercent', stopOut: 'closed' }, acceptsRisk: true }]);

    submit();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Enviar orden' })).at(-1) as HTMLElement);
    await waitFor(() => expect(calls('/stock/create')).toHaveLength(1));
    expect(JSON.parse(String(calls('/stock/create')[0]?.[1]?.body))).toMatchObject({ quantity: '10', leverage: 5 });
  });
});
