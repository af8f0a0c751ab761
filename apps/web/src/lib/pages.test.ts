import { describe, expect, it } from 'vitest';
import { pagePath, pages } from './pages.ts';

describe('pagePath', () => {
  it('is the bare path of a page without a query', () => {
    expect(pagePath('home')).toBe('/pages/home/index');
    expect(pagePath('bankCardEdit')).toBe('/pages/bcard/modify');
  });

  it('encodes the query and leaves out absent values', () => {
    expect(pagePath('login', { redirect: '/pages/trade/index?tab=2' })).toBe(
      '/pages/auth/login?redirect=%2Fpages%2Ftrade%2Findex%3Ftab%3D2',
    );
    expect(pagePath('bankCardEdit', { id: undefined })).toBe('/pages/bcard/modify');
    expect(pagePath('trade', { tab: 0 })).toBe('/pages/trade/index?tab=0');
  });

  it('gives every page its own path', () => {
    const paths = Object.values(pages).map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
