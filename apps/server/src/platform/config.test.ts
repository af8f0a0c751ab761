import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults: port 8080, embedded database under ./data, real market clock, demo data on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, redisUrl: undefined, marketClock: 'real', isDemoDataEnabled: true });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('turns demo data off by default on a real PostgreSQL, and on when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).isDemoDataEnabled).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).isDemoDataEnabled).toBe(true);
  });

  it('listens on this machine only while the demo (with its public passwords) is on, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).host).toBe('127.0.0.1');
  });

  it('stops with a message naming each wrong variable and its value', () => {
    expect(() => loadConfig({ PORT: 'eighty', MARKET_CLOCK: 'sometimes', DATABASE_URL: 'mysql://x' })).toThrowError(
      /PORT: must be a port number \(got "eighty"\)[\s\S]*DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/[\s\S]*MARKET_CLOCK: must be real or always-open/,
    );
  });

  it('closes stalled requests after 30 s by default, and takes another limit in whole seconds', () => {
    expect(loadConfig({})).toMatchObject({ httpRequestTimeoutMs: 30_000, httpKeepAliveMs: 72_000 });
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '5' }).httpRequestTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '0' })).toThrowError(/HTTP_REQUEST_TIMEOUT_SECONDS/);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@example.com' })).toThrowError(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });
});
