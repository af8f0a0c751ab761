import type { Loan, LoanApplication, Wallet } from '@bolsa/contracts';
import { messageCatalog } from '@bolsa/contracts/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole } from '../../test/operators.ts';
import {
  operatorToken,
  registerUser,
  startTestApp,
  type TestApp,
  tinyPng,
  upload,
  verifyIdentity,
  withOperator,
} from '../../test/test-app.ts';
import { createLedgerService } from '../ledger/index.ts';

const es = messageCatalog.es;

const DAY = 86_400_000;
let clock = new Date('2026-03-02T10:00:00Z');
const advance = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};

type Deposit = { id: string };
type Rates = {
  products: Array<{ id: string; periodDays: number }>;
  credit: { score: number; available: string };
  terms: { totalRepay: string };
};

describe('loans: terms, application, approval, daily interest, repayment', () => {
  let testApp: TestApp;
  let operator: string;
  let secondOperator: string;

  const web = <T>(path: string, token: string, options: { body?: unknown; method?: 'GET' | 'POST'; language?: string } = {}) =>
    testApp.call<T>(path, { token, ...options });
  const ops = <T>(path: string, options: { body?: unknown; method?: 'GET' | 'POST'; token?: string; language?: string } = {}) =>
    testApp.call<T>(path, { isOperatorApi: true, token: options.token ?? operator, ...options });
  const wallet = async (token: string) =>
    (await web<Wallet>('/wallet/getWalletBalance', token, { body: { walletType: 'BALANCE' } })).body.data;
  const runAccrual = async () => {
    await testApp.database.db.execute(sql`DELETE FROM platform_job_runs WHERE name = 'loans-accrual'`);
    return testApp.app.platform.jobs.runIfDue('loans-accrual');
  };
  const counts = async () => {
    const result = await testApp.database.db.execute<{ loans: string; events: string; journals: string; audits: string }>(sql`
      SELECT (SELECT count(*) FROM loans) AS loans, (SELECT count(*) FROM loan_events) AS events,
             (SELECT count(*) FROM ledger_journals) AS journals, (SELECT count(*) FROM audit_log) AS audits`);
    return result.rows[0];
  };

  /** A verified user with one deposit of 500 in BALANCE: score 30 + 5 = 35, limit 35 % of 5000 = 1750. */
  async function borrower() {
    const user = await registerUser(testApp);
    const uploaded = await upload(testApp, user.token, tinyPng);
    const deposit = await web<Deposit>('/recharge/create', user.token, {
      body: { method: 'fiat', walletType: 'BALANCE', amount: '500', screenshotUrl: uploaded.body.data?.url },
    });
    await ops(`/deposits/${deposit.body.data.id}/approve`, {});
    await verifyIdentity(testApp, user, operator);
    return user;
  }

  async function productId(token: string, days: number) {
    const rates = await web<Rates>('/assist/getLoadsRate', token, { method: 'GET' });
    const found = rates.body.data.products.find((product) => product.periodDays === days);
    if (!found) throw new Error(`no ${days}-day product`);
    return found.id;
  }

  async function apply(token: string, days: number, amount: string, key = `apply-${Math.random().toString(36).slice(2)}`) {
    const id = await productId(token, days);
    const terms = await web<Rates>(`/assist/getLoadsRate?amount=${amount}&productId=${id}`, token, { method: 'GET' });
    return web<Loan>('/assist/saveAssist', token, {
      body: { productId: id, amount, walletType: 'BALANCE', confirmedTotalRepay: terms.body.data.terms.totalRepay, idempotencyKey: key },
    });
  }

  async function approvedLoan(token: string, days: number, amount: string) {
    const applied = await apply(token, days, amount);
    expect(applied.body.code).toBe(200);
    const approved = await ops<LoanApplication>(`/loans/applications/${applied.body.data.id}/approve`, {});
    expect(approved.body.data.status).toBe('in_use');
    return approved.body.data;
  }

  const loanOf = async (token: string, id: string) =>
    (await web<{ list: Loan[] }>('/assist/getLandsPage', token, { body: { pageNum: 1, pageSize: 100 } })).body.data.list.find(
      (loan) => loan.id === id,
    ) as Loan;

  async function book() {
    return (await ops<{ receivableBalance: string; isReconciled: boolean; interestEarned: string }>('/loans/book', { method: 'GET' })).body
      .data;
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { now: () => clock } });
    operator = await operatorToken(testApp);
    secondOperator = (await operatorWithRole(testApp, 'reviewer')).token;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('shows the score with its factors and the terms of an amount before anything is asked', async () => {
    const user = await borrower();
    const id = await productId(user.token, 30);
    const rates = await web<Rates & { terms: Loan['terms']; credit: { factors: Array<{ name: string; points: number; weight: number }> } }>(
      `/assist/getLoadsRate?amount=1234.56&productId=${id}`,
      user.token,
      { method: 'GET' },
    );
    expect(rates.body.data.credit.score).toBe(35);
    expect(rates.body.data.credit.factors.map((factor) => [factor.name, factor.points, factor.weight])).toEqual([
      ['identity', 30, 30],
      ['accountAge', 0, 20],
      ['deposits', 5, 25],
      ['repayments', 0, 25],
    ]);
    expect(rates.body.data.credit.available).toBe('1750.00');
    expect(rates.body.data.terms).toMatchObject({ totalInterest: '11.11', totalRepay: '1245.67', apr: '0.1095', maxPenalty: '61.72' });
  });

  it('lends on approval in one journal, charges the stated interest day by day, and closes the loan repaid in two parts', async () => {
    const user = await borrower();
    const before = await wallet(user.token);
    // 987.65 × 0.03 % a day = 0.296295; over 30 days 8.88885, rounded half up: 8.89.
    const applied = await apply(user.token, 30, '987.65', 'apply-once-1');
    const again = await apply(user.token, 30, '987.65', 'apply-once-1');
    expect(again.body.data.id).toBe(applied.body.data.id);
    expect(applied.body.data).toMatchObject({ status: 'pending', totalDebt: '0.00' });
    expect((await wallet(user.token)).balance).toBe(before.balance);

    const approved = await ops<LoanApplication>(`/loans/applications/${applied.body.data.id}/approve`, {});
    expect(approved.body.data).toMatchObject({ status: 'in_use', principalOutstanding: '987.65', totalDebt: '987.65' });
    expect((await wallet(user.token)).balance).toBe('1487.65');
    for (let day = 1; day <= 30; day += 1) {
      advance(1);
      await runAccrual();
      expect((await book()).isReconciled).toBe(true);
    }
    const due = await loanOf(user.token, applied.body.data.id);
    expect(due).toMatchObject({ interestCharged: '8.89', totalDebt: '996.54', isOverdue: false });
    expect(due.interestCharged).toBe(due.terms.totalInterest);
    await runAccrual();
    expect((await loanOf(user.token, applied.body.data.id)).interestCharged).toBe('8.89');

    const first = await web<{ toInterest: string; toPrincipal: string }>('/assist/repaymentLoans', user.token, {
      body: { loanId: applied.body.data.id, amount: '600', walletType: 'BALANCE', idempotencyKey: 'repay-part-1' },
    });
    expect(first.body.data).toMatchObject({ toInterest: '8.89', toPenalty: '0.00', toPrincipal: '591.11' });
    const replay = await web<{ loan: Loan }>('/assist/repaymentLoans', user.token, {
      body: { loanId: applied.body.data.id, amount: '600', walletType: 'BALANCE', idempotencyKey: 'repay-part-1' },
    });
    expect(replay.body.data.loan.totalDebt).toBe('396.54');
    const second = await web<{ loan: Loan }>('/assist/repaymentLoans', user.token, {
      body: { loanId: applied.body.data.id, amount: '396.54', walletType: 'BALANCE', idempotencyKey: 'repay-part-2' },
    });
    expect(second.body.data.loan).toMatchObject({ status: 'repaid', totalDebt: '0.00', repaidTotal: '996.54' });
    expect((await wallet(user.token)).balance).toBe('491.11');
    expect((await book()).isReconciled).toBe(true);
    const report = await createLedgerService({
      db: testApp.database.db,
      logger: { error: () => undefined, info: () => undefined },
    }).reconcile();
    expect(report.isBalanced).toBe(true);
  });

  it('needs a second, different operator above the threshold, and tells the user', async () => {
    const user = await borrower();
    const applied = await apply(user.token, 7, '1500');
    expect(applied.body.data.terms.needsSecondApproval).toBe(true);
    const first = await ops<LoanApplication>(`/loans/applications/${applied.body.data.id}/approve`, {});
    expect(first.body.data).toMatchObject({ status: 'pending', awaitsSecondApproval: true });
    const before = await counts();
    const same = await ops(`/loans/applications/${applied.body.data.id}/approve`, { language: 'es' });
    expect(same.body).toMatchObject({ code: 8109, msg: es.errors.LOAN_SAME_APPROVER });
    expect(await counts()).toEqual(before);
    const second = await ops<LoanApplication>(`/loans/applications/${applied.body.data.id}/approve`, { token: secondOperator });
    expect(second.body.data.status).toBe('in_use');
    const inbox = await web<{ list: Array<{ title: string }> }>('/userMessage/getMessage', user.token, { method: 'GET', language: 'en' });
    expect(inbox.body.data.list[0]?.title).toBe('Loan approved');
  });

  it('runs a capped penalty after the due date, never compounding, reminds before and at the due date, and never blocks a withdrawal', async () => {
    const user = await borrower();
    const loan = await approvedLoan(user.token, 7, '1000');
    advance(5.5);
    await runAccrual();
    advance(1.5);
    await runAccrual();
    const inbox = await web<{ list: Array<{ title: string }> }>('/userMessage/getMessage', user.token, { method: 'GET', language: 'en' });
    expect(inbox.body.data.list.slice(0, 2).map((message) => message.title)).toEqual(['Loan due today', 'Loan due soon']);
    advance(30);
    await runAccrual();
    const overdue = await loanOf(user.token, loan.id);
    // 30 days on 1002.80 overdue at 0.1 % a day: 30.084, rounded 30.08; the penalty is never in its own base.
    expect(overdue).toMatchObject({ isOverdue: true, interestCharged: '2.80', penaltyCharged: '30.08', totalDebt: '1032.88' });
    expect(overdue.defaultsTime).toBe(overdue.expireTime);
    advance(300);
    await runAccrual();
    const capped = await loanOf(user.token, loan.id);
    expect(capped.penaltyCharged).toBe('50.00');
    expect(capped.penaltyCharged).toBe(capped.terms.maxPenalty);
    expect((await book()).isReconciled).toBe(true);
    const repaid = await web<{ toInterest: string; toPenalty: string; toPrincipal: string; loan: Loan }>(
      '/assist/repaymentLoans',
      user.token,
      {
        body: { loanId: loan.id, amount: '100', walletType: 'BALANCE', idempotencyKey: 'repay-overdue-1' },
      },
    );
    expect(repaid.body.data).toMatchObject({ toInterest: '2.80', toPenalty: '50.00', toPrincipal: '47.20' });

    // Overdue or not, the score never stands between a user and their own money: a withdrawal goes through.
    await web('/settingPayPassword', user.token, { body: { payPassword: '123456', confirmPayPassword: '123456' } });
    const card = await web<{ id: string }>('/UserAccount/addCardNo', user.token, {
      body: { bankName: 'Banco Nación', accountName: 'Ana Pérez', cardNumber: '4509 9535 8000 6623' },
    });
    const withdrawal = await web<{ status: string }>('/withdrawal/withdrawal-apply', user.token, {
      body: { method: 'bank', cardId: card.body.data.id, amount: '10.00', payPassword: '123456', idempotencyKey: 'overdue-withdrawal-1' },
    });
    expect(withdrawal.body.code).toBe(200);
  });

  it('refuses in the user language and writes nothing', async () => {
    const user = await borrower();
    const loan = await approvedLoan(user.token, 14, '1000');
    const id = await productId(user.token, 14);
    const refusals: Array<[string, unknown, number, string]> = [
      [
        '/assist/saveAssist',
        { productId: id, amount: '1700', walletType: 'BALANCE', confirmedTotalRepay: '1708.33', idempotencyKey: 'over-limit-1' },
        8103,
        'LOAN_OVER_LIMIT',
      ],
      [
        '/assist/saveAssist',
        { productId: id, amount: '50', walletType: 'BALANCE', confirmedTotalRepay: '50.25', idempotencyKey: 'too-small-1' },
        8102,
        'LOAN_AMOUNT_OUT_OF_RANGE',
      ],
      [
        '/assist/saveAssist',
        { productId: id, amount: '200', walletType: 'BALANCE', confirmedTotalRepay: '200.00', idempotencyKey: 'terms-changed' },
        8104,
        'LOAN_TERMS_CHANGED',
      ],
      [
        '/assist/saveAssist',
        { productId: 999, amount: '200', walletType: 'BALANCE', confirmedTotalRepay: '201', idempotencyKey: 'no-product-1' },
        8101,
        'LOAN_PRODUCT_NOT_FOUND',
      ],
      [
        '/assist/repaymentLoans',
        { loanId: loan.id, amount: '5000', walletType: 'BALANCE', idempotencyKey: 'over-debt-1' },
        8108,
        'LOAN_REPAY_OVER_DEBT',
      ],
      [
        '/assist/repaymentLoans',
        { loanId: loan.id, amount: '10', walletType: 'FOREX', idempotencyKey: 'no-funds-1' },
        4001,
        'INSUFFICIENT_FUNDS',
      ],
      [
        '/assist/repaymentLoans',
        { loanId: 999999, amount: '10', walletType: 'BALANCE', idempotencyKey: 'not-mine-1' },
        8105,
        'LOAN_NOT_FOUND',
      ],
    ];
    for (const [path, body, code, name] of refusals) {
      const before = await counts();
      const response = await web(path, user.token, { body, language: 'es' });
      expect(response.body.code, name).toBe(code);
      expect(response.body.msg).not.toMatch(/\{\{|[A-Z]{4,}_/);
      const template = (es.errors as Record<string, string>)[name] ?? '';
      expect(response.body.msg.startsWith(template.split('{{')[0] ?? template)).toBe(true);
      expect(await counts()).toEqual(before);
    }
    const pending = await apply(user.token, 7, '100');
    await ops(`/loans/applications/${pending.body.data.id}/reject`, { body: { reason: 'Not now' } });
    const before = await counts();
    const decided = await ops(`/loans/applications/${pending.body.data.id}/approve`, { language: 'es' });
    expect(decided.body).toMatchObject({ code: 8106, msg: es.errors.LOAN_NOT_PENDING });
    const notInUse = await web('/assist/repaymentLoans', user.token, {
      body: { loanId: pending.body.data.id, amount: '10', walletType: 'BALANCE', idempotencyKey: 'rejected-1' },
      language: 'es',
    });
    expect(notInUse.body).toMatchObject({ code: 8107, msg: es.errors.LOAN_NOT_IN_USE });
    expect(await counts()).toEqual(before);
    expect((await loanOf(user.token, pending.body.data.id)).rejectReason).toBe('Not now');
  });

  it('keeps the loans-receivable account equal to what all loans owe, and shows a loan history', async () => {
    const current = await book();
    const all = await ops<{ loans: { list: Loan[]; total: number } }>('/loans/book?status=all&pageSize=100', { method: 'GET' });
    const owed = all.body.data.loans.list.reduce((sum, loan) => sum + Math.round(Number(loan.totalDebt) * 100), 0);
    expect(Math.round(Number(current.receivableBalance) * 100)).toBe(owed);
    expect(current.isReconciled).toBe(true);
    const repaid = all.body.data.loans.list.find((loan) => loan.status === 'repaid') as Loan;
    const history = await ops<{ events: Array<{ kind: string }> }>(`/loans/${repaid.id}/history`, { method: 'GET' });
    const kinds = history.body.data.events.map((event) => event.kind);
    expect(kinds.slice(0, 2)).toEqual(['applied', 'approved']);
    expect(kinds.filter((kind) => kind === 'interest')).toHaveLength(30);
    expect(kinds.slice(-2)).toEqual(['repayment', 'repayment']);
  });

  it('changes a product through an audited path; loans applied for keep their terms', async () => {
    const products = await ops<Array<{ id: string; periodDays: number; minAmount: string; maxAmount: string }>>('/loans/products', {
      method: 'GET',
    });
    const week = products.body.data.find((product) => product.periodDays === 7) as { id: string };
    const before = await counts();
    const body = {
      dailyRate: '0.0005',
      minAmount: '100',
      maxAmount: '2000',
      penaltyDailyRate: '0.001',
      penaltyCapShare: '0.05',
      secondApprovalAbove: '1000',
      isEnabled: true,
    };
    const updated = await ops<{ apr: string }>(`/loans/products/${week.id}`, { body });
    expect(updated.body.data.apr).toBe('0.1825');
    expect(Number((await counts())?.audits)).toBe(Number(before?.audits) + 1);
    const refused = await ops(`/loans/products/${week.id}`, { body: { ...body, minAmount: '3000' }, language: 'es' });
    expect(refused.body.code).toBe(6044);
  });
});
