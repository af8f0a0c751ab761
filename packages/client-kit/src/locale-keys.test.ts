import { describe, expect, it } from 'vitest';
import { findParityProblems, flattenMessages } from './locale-keys.ts';

describe('flattenMessages', () => {
  it('lists every leaf with its dotted key', () => {
    expect([...flattenMessages({ auth: { loginButton: 'Log in', nested: { deep: 'x' } }, home: 'Home' })]).toEqual([
      ['auth.loginButton', 'Log in'],
      ['auth.nested.deep', 'x'],
      ['home', 'Home'],
    ]);
  });
});

describe('the parity check itself', () => {
  const reference = { auth: { loginButton: 'Log in', sendCode: 'Send code' }, tabs: { home: 'Home' } };

  it('reports a key missing from a locale', () => {
    const problems = findParityProblems(reference, { es: { auth: { loginButton: 'Iniciar sesión' }, tabs: { home: 'Inicio' } } });
    expect(problems).toEqual([{ locale: 'es', key: 'auth.sendCode', problem: 'missing' }]);
  });

  it('reports a key only a locale has, and empty values', () => {
    const problems = findParityProblems(reference, {
      de: { auth: { loginButton: 'Anmelden', sendCode: ' ', extra: 'x' }, tabs: { home: 'Start' } },
    });
    expect(problems).toContainEqual({ locale: 'de', key: 'auth.extra', problem: 'extra' });
    expect(problems).toContainEqual({ locale: 'de', key: 'auth.sendCode', problem: 'empty' });
  });
});
