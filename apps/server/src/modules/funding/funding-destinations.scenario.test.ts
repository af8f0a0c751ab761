import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, operatorWithRole } from '../../test/operators.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, tinyPng, upload, withOperator } from '../../test/test-app.ts';

type Wallet = { walletType: string; currency: string; balance: string; availableBalance: string };
type Deposit = { id: string; walletType: string; currency: string; status: string; reference: string | null };
type Methods = {
  fiat: {
    currencies: Array<{ walletType: string; currency: string }>;
    receivingAccounts: Array<{ id: string; currency: string; beneficiary: string; cbu: string | null; isDemo: boolean }>;
    reference: string;
  };
};
type BuyingPower = { source: string; walletType: string; currency: string; buyingPower: string; leverageMax: number };

/** Issue 15 §3 and §4: a deposit says what it is for and where to send it, and lands where the user trades. */
describe('funding destinations: the wallet a deposit is for, receiving accounts, references, buying power', () => {
  let testApp: TestApp;
  let admin: string;

  const methods = async (token: string) => (await testApp.call<Methods>('/recharge/currency/selectList', { token })).body.data;
  const wallet = async (token: string, walletType: string) =>
    (await testApp.call<Wallet>('/wallet/getWalletBalance', { token, body: { walletType } })).body.data;
  const operatorCall = <T>(path: string, token: string, body?: object, method?: 'GET' | 'POST') =>
    testApp.call<T>(path, { isOperatorApi: true, token, ...(body ? { body } : {}), ...(method ? { method } : {}) });

  async function bankDeposit(token: string, walletType: string, amount: string, reference?: string) {
    const uploaded = await upload(testApp, token, tinyPng);
    return testApp.call<Deposit>('/recharge/create', {
      token,
      body: { method: 'fiat', walletType, amount, screenshotUrl: uploaded.body.data?.url, ...(reference ? { reference } : {}) },
    });
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    admin = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('offers the six wallets a deposit may be for, and credits the chosen one on approval', async () => {
    const user = await registerUser(testApp);
    const offered = await methods(user.token);
    expect(offered.fiat.currencies).toEqual([
      { walletType: 'STOCK', currency: 'USD' },
      { walletType: 'AR', currency: 'ARS' },
      { walletType: 'TW', currency: 'TWD' },
      { walletType: 'FUTURE', currency: 'USD' },
      { walletType: 'FOREX', currency: 'USD' },
      { walletType: 'BALANCE', currency: 'USD' },
    ]);
    const created = await bankDeposit(user.token, 'STOCK', '1500', offered.fiat.reference);
    expect(created.body.data).toMatchObject({ walletType: 'STOCK', currency: 'USD', status: 'pending', reference: offered.fiat.reference });

    const queue = await operatorCall<{ list: Deposit[] }>('/deposits?status=pending&pageSize=100', admin, undefined, 'GET');
    expect(queue.body.data.list.find((entry) => entry.id === created.body.data.id)).toMatchObject({
      walletType: 'STOCK',
      reference: offered.fiat.reference,
    });
    expect((await operatorCall(`/deposits/${created.body.data.id}/approve`, admin)).body.code).toBe(200);
    expect(await wallet(user.token, 'STOCK')).toMatchObject({ balance: '1500.00', availableBalance: '1500.00' });
    expect((await wallet(user.token, 'BALANCE')).balance).toBe('0.00');

    const futures = await bankDeposit(user.token, 'FUTURE', '200');
    await operatorCall(`/deposits/${futures.body.data.id}/approve`, admin);
    expect((await wallet(user.token, 'FUTURE')).balance).toBe('200.00');
    expect((await bankDeposit(user.token, 'SUBSCRIPTION', '200')).body.code).toBe(1001);
  });

  it('gives every deposit its own reference: issued per visit, refused when reused or issued to someone else', async () => {
    const first = await registerUser(testApp);
    const second = await registerUser(testApp);
    const references = new Set<string>();
    for (let visit = 0; visit < 5; visit += 1) references.add((await methods(first.token)).fiat.reference);
    expect(references.size).toBe(5);

    const reference = [...references][0] ?? '';
    expect((await bankDeposit(first.token, 'STOCK', '100', reference)).body.code).toBe(200);
    const reused = await bankDeposit(first.token, 'STOCK', '100', reference);
    expect(reused.body.code).toBe(4060);
    const othersReference = (await methods(first.token)).fiat.reference;
    expect((await bankDeposit(second.token, 'STOCK', '100', othersReference)).body.code).toBe(4060);
    // Without one, the server gives each deposit a new reference.
    const a = await bankDeposit(second.token, 'AR', '100000');
    const b = await bankDeposit(second.token, 'AR', '100000');
    expect(a.body.data.reference).not.toBeNull();
    expect(a.body.data.reference).not.toBe(b.body.data.reference);
    const duplicates = await testApp.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM (SELECT reference FROM deposits WHERE reference IS NOT NULL GROUP BY reference HAVING count(*) > 1) d`,
    );
    expect(Number(duplicates.rows[0]?.n)).toBe(0);
  });

  it('lets an operator with the permission keep receiving accounts, each change audited; refuses a reviewer; the deposit page shows the active ones', async () => {
    const reviewer = await operatorWithRole(testApp, 'reviewer');
    const account = {
      currency: 'ARS',
      beneficiary: 'Bolsa S.A.',
      bankName: 'Banco Ejemplo',
      cbu: '0720001400000123456784',
      alias: 'BOLSA.ARS',
    };

    const before = await auditCount(testApp);
    const refused = await operatorCall('/receiving-accounts', reviewer.token, account);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(6002);
    expect((await operatorCall('/receiving-accounts', reviewer.token, undefined, 'GET')).body.code).toBe(6002);
    expect(await auditCount(testApp)).toBe(before);
    expect((await operatorCall('/receiving-accounts', admin, { ...account, cbu: '', alias: '' })).body.code).toBe(1001);
    expect(await auditCount(testApp)).toBe(before);

    const created = await operatorCall<{ id: string; isDemo: boolean }>('/receiving-accounts', admin, account);
    expect(created.body.data).toMatchObject({ currency: 'ARS', cbu: account.cbu, isDemo: false, isActive: true });
    expect(await auditCount(testApp)).toBe(before + 1);
    const user = await registerUser(testApp);
    expect((await methods(user.token)).fiat.receivingAccounts.map((entry) => entry.id)).toContain(created.body.data.id);

    const id = created.body.data.id;
    const edited = await operatorCall(`/receiving-accounts/${id}`, admin, {
      ...account,
      beneficiary: 'Bolsa Argentina S.A.',
      isActive: false,
    });
    expect(edited.body.data).toMatchObject({ beneficiary: 'Bolsa Argentina S.A.', isActive: false });
    expect((await operatorCall(`/receiving-accounts/${id}`, reviewer.token, account)).body.code).toBe(6002);
    expect(await auditCount(testApp)).toBe(before + 2);
    const audit = await testApp.database.db.execute<{
      action: string;
      before: { beneficiary: string } | null;
      after: { beneficiary: string };
    }>(sql`SELECT action, before, after FROM audit_log WHERE target_type = 'receiving_account' AND target_id = ${id} ORDER BY id`);
    expect(audit.rows.map((row) => [row.action, row.before?.beneficiary ?? null, row.after.beneficiary])).toEqual([
      ['receivingAccount.create', null, 'Bolsa S.A.'],
      ['receivingAccount.update', 'Bolsa S.A.', 'Bolsa Argentina S.A.'],
    ]);
    expect((await methods(user.token)).fiat.receivingAccounts.map((entry) => entry.id)).not.toContain(id);
    expect((await operatorCall('/receiving-accounts/999999', admin, account)).body.code).toBe(4013);
  });

  it("shows each market's buying power: the available cash of the wallet that pays its orders", async () => {
    const user = await registerUser(testApp);
    const empty = await testApp.call<BuyingPower[]>('/wallet/buyingPower', { token: user.token });
    expect(empty.body.data.map((entry) => [entry.source, entry.walletType, entry.buyingPower])).toEqual([
      ['0', 'STOCK', '0.00'],
      ['ARG', 'AR', '0.00'],
      ['7', 'TW', '0.00'],
      ['3', 'FUTURE', '0.00'],
      ['2', 'FOREX', '0.00'],
    ]);
    for (const [walletType, amount] of [
      ['STOCK', '2500'],
      ['AR', '300000'],
    ] as const) {
      const deposit = await bankDeposit(user.token, walletType, amount);
      await operatorCall(`/deposits/${deposit.body.data.id}/approve`, admin);
    }
    const funded = await testApp.call<BuyingPower[]>('/wallet/buyingPower', { token: user.token });
    expect(funded.body.data.find((entry) => entry.source === '0')).toMatchObject({
      currency: 'USD',
      buyingPower: '2500.00',
      leverageMax: 5,
    });
    expect(funded.body.data.find((entry) => entry.source === 'ARG')).toMatchObject({ currency: 'ARS', buyingPower: '300000.00' });
    expect(funded.body.data.find((entry) => entry.source === '7')?.buyingPower).toBe('0.00');
    // Money moved out (or held) is no longer buying power.
    const moved = await testApp.call('/wallet/transfer', {
      token: user.token,
      body: { fromWalletType: 'STOCK', toWalletType: 'FUTURE', amount: '1000', idempotencyKey: 'buying-power-move-1' },
    });
    expect(moved.body.code).toBe(200);
    const after = await testApp.call<BuyingPower[]>('/wallet/buyingPower', { token: user.token });
    expect(after.body.data.find((entry) => entry.source === '0')?.buyingPower).toBe('1500.00');
    expect(after.body.data.find((entry) => entry.source === '3')?.buyingPower).toBe('1000.00');
    expect((await testApp.call('/wallet/buyingPower', {})).status).toBe(401);
  });
});
