import * as contracts from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operatorToken, registerUser, startTestApp, type TestApp, withOperator } from './test/test-app.ts';

// The other half of the bad-input table (bad-input.test.ts has every field of every app body broken in
// each way): every endpoint of every contract, the app's and the operators', GET and POST, gets a null
// byte, an over-long value and a number past every column's range in each path and query parameter,
// numbers past every column in each numeric body field, and a `null` body. None may answer 5xx or
// leave the envelope, a refusal is translated, and nothing is written.

type Spec = { method: string; path: string; body?: unknown; query?: unknown; params?: unknown };
type Case = { name: string; isOperatorApi: boolean; method: 'GET' | 'POST'; path: string; raw?: string; body?: unknown };

/** Digits past any column: numeric(30, 8) holds 22 before the point, bigint 19. */
const PAST_EVERY_COLUMN = ['9'.repeat(29), `${'9'.repeat(40)}.99`, 1e300, -1e300] as const;
const badParameterValues: Array<[string, string]> = [
  ['a null byte', '1%00'],
  ['over 100 characters', 'a'.repeat(150)],
  ['a number past every column', '9'.repeat(40)],
];

const isContract = (value: unknown): value is Spec =>
  typeof value === 'object' && value !== null && typeof (value as Spec).path === 'string' && typeof (value as Spec).method === 'string';

/** Every API object exported by the contracts, with whether it is the operators'. */
const apis = Object.entries(contracts)
  .filter(([name, value]) => name.endsWith('Api') && typeof value === 'object' && value !== null)
  .map(([name, value]) => ({
    name,
    isOperatorApi: name.startsWith('operator'),
    specs: Object.entries(value as object).filter(([, spec]) => isContract(spec)),
  }));

// Ending the test's own sessions would leave the cases after it unauthenticated.
const isSessionEnding = (path: string) => /logout|sessions\/revoke/.test(path);

/** A path with each parameter set: the one under test to `value`, the others to an id no row has. */
function pathWith(path: string, parameter?: string, value?: string) {
  return path.replace(/:(\w+)/g, (_match, name: string) => (name === parameter && value !== undefined ? value : '999999'));
}

/** Whether a field's schema is a number (or a decimal string): it takes "1" or 1 but no word. */
function isNumeric(schema: z.ZodType | undefined) {
  if (!schema) return false;
  return (schema.safeParse('1').success || schema.safeParse(1).success) && !schema.safeParse('abc').success;
}

function casesOf(apiName: string, isOperatorApi: boolean, name: string, spec: Spec): Case[] {
  const label = `${apiName}.${name} ${spec.method} ${spec.path}`;
  const method = spec.method === 'GET' ? 'GET' : 'POST';
  const base = { isOperatorApi, method } as const;
  const cases: Case[] = [];
  for (const parameter of [...spec.path.matchAll(/:(\w+)/g)].map((match) => String(match[1]))) {
    for (const [wrong, value] of badParameterValues) {
      cases.push({ ...base, name: `${label}: path ${parameter} is ${wrong}`, path: pathWith(spec.path, parameter, value) });
    }
  }
  if (spec.query instanceof z.ZodObject) {
    for (const field of Object.keys(spec.query.shape)) {
      for (const [wrong, value] of [...badParameterValues, ['a number past every column', `${'9'.repeat(40)}.99`] as [string, string]]) {
        cases.push({ ...base, name: `${label}: query ${field} is ${wrong}`, path: `${pathWith(spec.path)}?${field}=${value}` });
      }
    }
  }
  if (method === 'POST' && !isSessionEnding(spec.path)) {
    cases.push({ ...base, name: `${label}: a null body`, path: pathWith(spec.path), raw: 'null' });
    if (spec.body instanceof z.ZodObject) {
      const shape = spec.body.shape as Record<string, z.ZodType>;
      for (const field of Object.keys(shape).filter((key) => isNumeric(shape[key]))) {
        for (const value of PAST_EVERY_COLUMN) {
          cases.push({
            ...base,
            name: `${label}: ${field} is ${String(value).slice(0, 12)}…`,
            path: pathWith(spec.path),
            body: { [field]: value },
          });
        }
      }
    }
  }
  return cases;
}

const cases = apis.flatMap(({ name: apiName, isOperatorApi, specs }) =>
  specs.flatMap(([name, spec]) => casesOf(apiName, isOperatorApi, name, spec as Spec)),
);

describe('bad parameters, numbers past every column and null bodies on every endpoint: never a 5xx, always the envelope, nothing written', () => {
  let testApp: TestApp;
  let token: string;
  let operator: string;
  let countsBefore: unknown;

  const counts = async () =>
    (
      await testApp.database.db.execute(sql`SELECT
        (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM sessions WHERE revoked_at IS NULL) AS sessions,
        (SELECT count(*) FROM ledger_journals) AS journals, (SELECT count(*) FROM ledger_holds) AS holds,
        (SELECT count(*) FROM deposits) AS deposits, (SELECT count(*) FROM withdrawals) AS withdrawals,
        (SELECT count(*) FROM bank_cards) AS cards, (SELECT count(*) FROM withdrawal_addresses) AS addresses,
        (SELECT count(*) FROM wallet_transfers) AS transfers, (SELECT count(*) FROM kyc_submissions) AS kyc,
        (SELECT count(*) FROM trading_orders) AS orders, (SELECT count(*) FROM trading_positions) AS positions`)
    ).rows[0];

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    token = (await registerUser(testApp)).token;
    operator = await operatorToken(testApp);
    countsBefore = await counts();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('covers every contract, with a case for each kind of bad input', () => {
    expect(apis.map((api) => api.name)).toEqual(
      expect.arrayContaining(['accountApi', 'marketApi', 'operatorUsersApi', 'operatorFilesApi']),
    );
    for (const kind of [': path ', ': query ', ': a null body', '…'])
      expect(
        cases.some((badCase) => badCase.name.includes(kind)),
        kind,
      ).toBe(true);
  });

  it.each(cases)('$name', async (badCase) => {
    const send = (language: string) =>
      testApp.call(badCase.path, {
        token: badCase.isOperatorApi ? operator : token,
        isOperatorApi: badCase.isOperatorApi,
        method: badCase.method,
        language,
        ...(badCase.raw !== undefined ? { raw: badCase.raw } : badCase.body !== undefined ? { body: badCase.body } : {}),
      });
    const [spanish, english] = await Promise.all([send('ar'), send('en')]);
    expect(spanish.status).toBeLessThan(500);
    expect(Object.keys(spanish.body).sort()).toEqual(['code', 'data', 'msg']);
    expect(spanish.body.msg.length).toBeGreaterThan(0);
    expect(`${spanish.body.msg} ${english.body.msg}`).not.toMatch(/zod|Error|undefined|\[object|instancePath|SELECT|aaaaaaaaaa/);
    expect(english.body.code).toBe(spanish.body.code);
    // A refusal is in the user's language; an empty success (a page of nothing) is not a refusal.
    if (spanish.body.code !== 200) {
      expect(spanish.body.data).toBeNull();
      expect(english.body.msg).not.toBe(spanish.body.msg);
    }
  });

  it('wrote nothing for any of them', async () => {
    expect(await counts()).toEqual(countsBefore);
  });
});
