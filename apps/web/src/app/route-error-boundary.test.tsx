import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function Broken(): never {
  throw new Error('chunk missing');
}

function Elsewhere() {
  return <p>Otra página</p>;
}

beforeAll(async () => {
  await initI18n('es');
});

describe('a page that fails to load or render', () => {
  it('shows the error page with a retry, and going to another page shows that page again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/elsewhere" element={<Elsewhere />} />
          </Routes>
        </RouteErrorBoundary>
        <Link to="/elsewhere">Ir</Link>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'No se pudo cargar esta página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Ir' }));
    expect(await screen.findByText('Otra página')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No se pudo cargar esta página' })).toBeNull();
    consoleError.mockRestore();
  });
});
