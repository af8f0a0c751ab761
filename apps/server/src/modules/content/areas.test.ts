import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

type Area = { code: string; name: string; dialCode: string; currency: string };

describe('the country list', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('names every country in the language of the request, with its dial code and currency', async () => {
    const argentinaIn = async (language: string) =>
      (await testApp.call<Area[]>('/areaInfo/list', { method: 'GET', language })).body.data.find((area) => area.code === 'AR');
    expect(await argentinaIn('ar')).toEqual({ code: 'AR', alpha3: 'ARG', name: 'Argentina', dialCode: '+54', currency: 'ARS' });
    expect((await argentinaIn('ja'))?.name).toBe('アルゼンチン');
    expect((await argentinaIn('zh-TW'))?.name).toBe('阿根廷');
    expect((await argentinaIn('de'))?.name).toBe('Argentinien');
    expect((await argentinaIn('th'))?.name).toBe('อาร์เจนตินา');
  });

  it('lists all 249 countries and territories, sorted for the language', async () => {
    const spanish = (await testApp.call<Area[]>('/areaInfo/list', { method: 'GET', language: 'ar' })).body.data;
    expect(spanish).toHaveLength(249);
    const names = spanish.map((area) => area.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
    expect(spanish.find((area) => area.code === 'TW')?.dialCode).toBe('+886');
  });
});
