import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { fundingMessages } from '../messages.ts';
import { useWithdrawFlow } from './use-withdraw-flow.tsx';

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(fundingMessages);
});

const apply = vi.fn(async () => undefined);

function Withdraw() {
  const flow = useWithdrawFlow(apply);
  return (
    <>
      {flow.identityNotice}
      <button type="button" onClick={() => flow.start({ amount: '10' }, 'Retirar $10,00')}>
        Retirar
      </button>
      {flow.pad}
    </>
  );
}

function renderWithdraw(status: 'none' | 'pending' | 'verified') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(queryKeys.kycState, { status, countryCode: null });
  client.setQueryData(['user', 'info'], { hasPayPassword: true });
  const router = createMemoryRouter([{ path: '*', element: <Withdraw /> }], { initialEntries: ['/pages/withdraw/bank'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a withdrawal by an unverified user (issue 15 §12)', () => {
  it('says "verify your identity first" before the pay-password pad opens', async () => {
    await setLocale('es');
    renderWithdraw('none');
    expect(screen.getAllByText('Para retirar, primero verifique su identidad: solo pagamos a titulares verificados.')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText('Verifique su identidad primero')).toBeTruthy();
    expect(screen.queryByText('Retirar $10,00')).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });
});
