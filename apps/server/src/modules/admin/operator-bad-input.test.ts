import { operatorAdjustmentsApi, operatorInstrumentsApi, operatorUsersApi } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operatorToken, registerUser, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';

type Case = { name: string; path: string; body: unknown };

const wrongValues: Array<[string, unknown]> = [
  ['a number', 12345],
  ['an array', ['a']],
  ['an object', { nested: true }],
  ['a boolean', true],
  ['an over-long string', 'x'.repeat(10_000)],
  ['an empty string', ''],
];

/** Each field of each operator-operations body broken in each way, from the contract. */
function casesFor(name: string, spec: { path: string; body?: z.ZodType }): Case[] {
  const body = spec.body instanceof z.ZodPipe ? spec.body.in : spec.body;
  if (!(body instanceof z.ZodObject)) return [];
  const cases: Case[] = [];
  for (const field of Object.keys(body.shape)) {
    for (const [label, value] of wrongValues) {
      if (body.shape[field]?.safeParse(value).success) continue;
      cases.push({ name: `${name}: ${field} is ${label}`, path: spec.path, body: { [field]: value } });
    }
  }
  return cases;
}

const cases = [...Object.entries(operatorUsersApi), ...Object.entries(operatorAdjustmentsApi), ...Object.entries(operatorInstrumentsApi)]
  .filter(([, spec]) => spec.method === 'POST')
  .flatMap(([name, spec]) => casesFor(name, spec as { path: string; body?: z.ZodType }));

describe('bad input to every operator-operations endpoint: never a 5xx, always translated, nothing written', () => {
  let testApp: TestApp;
  let operator: string;
  let userId: string;
  let countsBefore: unknown;
  const counts = async () =>
    (
      await testApp.database.db.execute(sql`SELECT (SELECT count(*) FROM audit_log) AS audit, (SELECT count(*) FROM user_restrictions) AS restrictions,
        (SELECT count(*) FROM balance_adjustments) AS adjustments, (SELECT count(*) FROM trading_settings) AS settings,
        (SELECT count(*) FROM ledger_journals) AS journals`)
    ).rows[0];

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    operator = await operatorToken(testApp);
    userId = (await registerUser(testApp)).user.id;
    countsBefore = await counts();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('has cases for every body', () => {
    expect(cases.length).toBeGreaterThan(50);
  });

  it.each(cases)('$name', async (badCase) => {
    const path = badCase.path.replace(':id', userId).replace(':code', 'AAPL').replace(':source', '0');
    const send = (language: string) => testApp.call(path, { isOperatorApi: true, token: operator, language, body: badCase.body });
    const [spanish, english] = await Promise.all([send('ar'), send('en')]);
    expect(spanish.status).toBeLessThan(500);
    expect(spanish.body.code).not.toBe(200);
    expect(spanish.body.data).toBeNull();
    expect(english.body.code).toBe(spanish.body.code);
    expect(english.body.msg).not.toBe(spanish.body.msg);
    expect(`${spanish.body.msg} ${english.body.msg}`).not.toMatch(/zod|Error|undefined|\[object|instancePath|SELECT/);
  });

  it('names the operator field in the operator language', async () => {
    const response = await testApp.call(`/users/${userId}/freeze`, {
      isOperatorApi: true,
      token: operator,
      language: 'ar',
      body: { kind: 'everything', reason: 'x' },
    });
    expect(response.body).toMatchObject({ code: 1001, msg: expect.stringMatching(/^Tipo: /) });
  });

  it('wrote nothing for any of them', async () => {
    expect(await counts()).toEqual(countsBefore);
  });
});
