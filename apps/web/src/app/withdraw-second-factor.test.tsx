import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { twoFactorMessages } from '../features/auth/two-factor-messages.ts';
import { useWithdrawFlow } from '../features/funding/components/use-withdraw-flow.tsx';
import { fundingMessages } from '../features/funding/messages.ts';
import { initI18n } from '../lib/i18n.ts';
import { queryKeys } from '../lib/query-keys.ts';

/** The withdrawal pages load the funding and two-factor catalogues together (see `page-loaders.ts`); so does this test. */
beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(fundingMessages);
  await loadFeatureMessages(twoFactorMessages);
});

const apply = vi.fn(async () => undefined);

function Withdraw() {
  const flow = useWithdrawFlow(apply);
  return (
    <>
      <button type="button" onClick={() => flow.start({ amount: '10' }, 'Retirar $10,00')}>
        Retirar
      </button>
      {flow.pad}
    </>
  );
}

describe('a withdrawal with two-factor on (issue 25 §1)', () => {
  it('asks for the code once the pay password is typed and sends it with the request', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(queryKeys.kycState, { status: 'verified', countryCode: null });
    client.setQueryData(['user', 'info'], { hasPayPassword: true, hasTwoFactor: true });
    const router = createMemoryRouter([{ path: '*', element: <Withdraw /> }], { initialEntries: ['/pages/withdraw/bank'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retirar' }));
    const cells = await screen.findByRole('button', { name: 'Contraseña de transacción' });
    act(() => {
      fireEvent.focus(cells);
    });
    for (const digit of '123456') fireEvent.click(await screen.findByRole('button', { name: digit }));

    const codeField = await screen.findByLabelText('Código');
    expect(apply).not.toHaveBeenCalled();
    fireEvent.change(codeField, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(apply.mock.calls[0]).toEqual([{ amount: '10' }, '123456', expect.any(String), { otpCode: '654321' }]);
  });
});
