import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { TransferPage } from './transfer-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let quoteCount = 0;
let transferAnswers: Array<() => Response | Promise<Response>> = [];

function envelope(data: unknown, code = 200, msg = ''): Response {
  return new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
}

const wallets = {
  wallets: [
    { walletType: 'BALANCE', currency: 'USD', balance: '1500.00', usedBalance: '0.00', availableBalance: '1500.25' },
    { walletType: 'STOCK', currency: 'USD', balance: '0.00', usedBalance: '0.00', availableBalance: '0.00' },
    { walletType: 'TW', currency: 'TWD', balance: '0.00', usedBalance: '0.00', availableBalance: '0.00' },
  ],
  totalUsd: '1500.00',
  ratesUsd: { USD: '1', TWD: '0.031' },
};

function bodyOf(path: string, index = 0): Record<string, unknown> {
  const calls = fetchMock.mock.calls.filter(([url]) => String(url) === `/web${path}`);
  const init = calls[index]?.[1];
  if (!init) throw new Error(`no call ${index} to ${path}`);
  return JSON.parse(String(init.body)) as Record<string, unknown>;
}

function callsTo(path: string): number {
  return fetchMock.mock.calls.filter(([url]) => String(url) === `/web${path}`).length;
}

beforeAll(async () => {
  await initI18n('es');
});

beforeEach(() => {
  quoteCount = 0;
  transferAnswers = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/web/userCenter/getWalletBalance') return envelope(wallets);
    if (url === '/web/wallet/transferQuote') {
      quoteCount += 1;
      return envelope({
        quoteId: `q${quoteCount}`,
        fromWalletType: 'BALANCE',
        toWalletType: 'TW',
        fromAmount: '100.00',
        toAmount: quoteCount === 1 ? '3150.00' : '3162.00',
        rate: quoteCount === 1 ? '31.5' : '31.62',
        expiresAtTimestamp: Date.now() + 30_000,
      });
    }
    if (url === '/web/wallet/transfer') {
      const answer = transferAnswers.shift();
      if (answer) return answer();
      return envelope({
        transferId: '77',
        status: 'completed',
        fromWalletType: 'BALANCE',
        toWalletType: 'TW',
        fromAmount: '100.00',
        toAmount: '3150.00',
        rate: '31.5',
      });
    }
    if (url === '/web/wallet/cancelTransfer') {
      return envelope({
        transferId: '78',
        status: 'cancelled',
        fromWalletType: 'BALANCE',
        toWalletType: 'TW',
        fromAmount: '100.00',
        toAmount: null,
        rate: null,
      });
    }
    return envelope(null, 1004, 'La URL no existe');
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <TransferPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function choose(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function advance(milliseconds: number) {
  act(() => {
    vi.advanceTimersByTime(milliseconds);
  });
}

describe('TransferPage', () => {
  it('between two USD wallets transfers at once, without a quote, with an idempotency key', async () => {
    renderPage();
    expect(await screen.findByText('Disponible: $1.500,25')).toBeTruthy();
    choose('Billetera de destino', 'STOCK');
    type('Monto (USD)', '25.5');
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));

    await waitFor(() => expect(callsTo('/wallet/transfer')).toBe(1));
    expect(callsTo('/wallet/transferQuote')).toBe(0);
    const body = bodyOf('/wallet/transfer');
    expect(body).toMatchObject({ fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '25.5' });
    expect(body.quoteId).toBeUndefined();
    expect(String(body.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('"Todo" fills in the available balance, written with the Spanish decimal comma', async () => {
    renderPage();
    await screen.findByText('Disponible: $1.500,25');
    fireEvent.click(screen.getByRole('button', { name: 'Todo' }));
    expect((screen.getByLabelText('Monto (USD)') as HTMLInputElement).value).toBe('1500,25');
  });

  it('across currencies shows the rate and the amount received, counts down 30 s and confirms with the quote id', async () => {
    renderPage();
    await screen.findByText('Disponible: $1.500,25');
    choose('Billetera de destino', 'TW');
    type('Monto (USD)', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));

    expect(await screen.findByText('Válida por 30 s')).toBeTruthy();
    expect(screen.getByText('1 USD = 31,5 TWD')).toBeTruthy();
    expect(screen.getByText('NT$3.150,00')).toBeTruthy();
    expect(bodyOf('/wallet/transferQuote')).toEqual({ fromWalletType: 'BALANCE', toWalletType: 'TW', amount: '100' });

    advance(10_000);
    expect(screen.getByText('Válida por 20 s')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));
    await waitFor(() => expect(callsTo('/wallet/transfer')).toBe(1));
    expect(bodyOf('/wallet/transfer')).toMatchObject({ fromWalletType: 'BALANCE', toWalletType: 'TW', amount: '100', quoteId: 'q1' });
  });

  it('when the quote expires it says so and asks for a new quote, which restarts the countdown', async () => {
    renderPage();
    await screen.findByText('Disponible: $1.500,25');
    choose('Billetera de destino', 'TW');
    type('Monto (USD)', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    await screen.findByText('Válida por 30 s');

    advance(30_000);
    expect(screen.getByText('La cotización venció. Solicite una nueva para continuar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar transferencia' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Nueva cotización' }));
    expect(await screen.findByText('Válida por 30 s')).toBeTruthy();
    expect(callsTo('/wallet/transferQuote')).toBe(2);
    expect(screen.getByText('NT$3.162,00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));
    await waitFor(() => expect(callsTo('/wallet/transfer')).toBe(1));
    expect(bodyOf('/wallet/transfer').quoteId).toBe('q2');
  });

  it('changing the amount drops the quote', async () => {
    renderPage();
    await screen.findByText('Disponible: $1.500,25');
    choose('Billetera de destino', 'TW');
    type('Monto (USD)', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    await screen.findByText('Válida por 30 s');
    type('Monto (USD)', '200');
    expect(screen.queryByText('Cotización del tipo de cambio')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cotizar' })).toBeTruthy();
  });

  it('a conversion waiting for the FX market is shown as pending and can be cancelled', async () => {
    transferAnswers.push(() =>
      envelope({
        transferId: '78',
        status: 'pending',
        fromWalletType: 'BALANCE',
        toWalletType: 'TW',
        fromAmount: '100.00',
        toAmount: null,
        rate: null,
      }),
    );
    renderPage();
    await screen.findByText('Disponible: $1.500,25');
    choose('Billetera de destino', 'TW');
    type('Monto (USD)', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Cotizar' }));
    await screen.findByText('Válida por 30 s');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));

    expect(await screen.findByRole('heading', { name: 'Conversión pendiente' })).toBeTruthy();
    expect(screen.getByText(/Su transferencia de \$100,00 se convertirá cuando abra/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar transferencia' }));
    await waitFor(() => expect(callsTo('/wallet/cancelTransfer')).toBe(1));
    expect(bodyOf('/wallet/cancelTransfer')).toEqual({ transferId: '78' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Conversión pendiente' })).toBeNull());
  });

  it('retrying after a lost answer sends the same idempotency key; a new transfer gets a new one', async () => {
    transferAnswers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    await screen.findByText('Disponible: $1.500,25');
    choose('Billetera de destino', 'STOCK');
    type('Monto (USD)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(callsTo('/wallet/transfer')).toBe(1));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Transferir' }) as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(callsTo('/wallet/transfer')).toBe(2));
    expect(bodyOf('/wallet/transfer', 1).idempotencyKey).toBe(bodyOf('/wallet/transfer', 0).idempotencyKey);

    await waitFor(() => expect((screen.getByLabelText('Monto (USD)') as HTMLInputElement).value).toBe(''));
    type('Monto (USD)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(callsTo('/wallet/transfer')).toBe(3));
    expect(bodyOf('/wallet/transfer', 2).idempotencyKey).not.toBe(bodyOf('/wallet/transfer', 0).idempotencyKey);
  });
});
