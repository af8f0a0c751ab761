import type { MessageTemplate } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { loanEvents, loans } from './loans.tables.ts';
import { accrueDay, accruePenaltyDay, DAY_MS, maxPenaltyOf } from './loans.terms.ts';
import { type LoanRow, owedOf } from './loans.views.ts';

export type Notify = (executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>) => Promise<unknown>;

/** A reminder goes out this long before the due date, and another at it. */
export const REMINDER_BEFORE_MS = 2 * DAY_MS;

/** Posts a charge (interest or penalty) to the loan: the receivable grows, the income account earns it. */
async function postCharge(tx: Executor, ledger: LedgerService, row: LoanRow, kind: 'interest' | 'penalty', day: number, amount: Decimal) {
  const journal = await ledger.post(tx, {
    idempotencyKey: `loan:${row.id}:${kind}:${day}`,
    reason: kind === 'interest' ? 'loan_interest' : 'loan_penalty',
    memo: `loan ${row.id} ${kind} day ${day}`,
    legs: [
      { account: { system: 'LOANS_RECEIVABLE', currency: 'USD' }, amount: amount.negated() },
      { account: { system: 'LOAN_INCOME', currency: 'USD' }, amount },
    ],
  });
  await tx
    .insert(loanEvents)
    .values({ loanId: row.id, kind, day, amount: amount.toFixed(2), journalId: journal.journalId, at: new Date() });
}

/** Interest for every day of the period that has ended by `now`, on the principal owed then. */
async function accrueInterest(tx: Executor, ledger: LedgerService, row: LoanRow, now: Date) {
  const start = row.examineTime?.getTime() ?? now.getTime();
  while (row.daysAccrued < row.periodDays && now.getTime() >= start + (row.daysAccrued + 1) * DAY_MS) {
    const day = row.daysAccrued + 1;
    const next = accrueDay({ exact: row.interestExact, charged: row.interestCharged }, row.principalOutstanding, row.dailyRate);
    if (next.posted.greaterThan(0)) await postCharge(tx, ledger, row, 'interest', day, next.posted);
    row.interestExact = next.exact.toString();
    row.interestCharged = next.charged.toFixed(2);
    row.daysAccrued = day;
  }
}

/** After the due date: the loan is overdue from then, and a penalty runs per day on what is overdue, within its cap. */
async function accruePenalty(tx: Executor, ledger: LedgerService, row: LoanRow, now: Date) {
  const due = row.expireTime?.getTime();
  if (due === undefined || row.daysAccrued < row.periodDays || now.getTime() <= due) return;
  if (row.defaultsTime === null) {
    row.defaultsTime = new Date(due);
    await tx.insert(loanEvents).values({ loanId: row.id, kind: 'overdue', at: now });
  }
  const cap = maxPenaltyOf(row.amount, row.penaltyCapShare);
  while (now.getTime() >= due + (row.penaltyDays + 1) * DAY_MS) {
    const day = row.periodDays + row.penaltyDays + 1;
    const owed = owedOf(row);
    const overdue = owed.principal.plus(owed.interest);
    const next = accruePenaltyDay({ exact: row.penaltyExact, charged: row.penaltyCharged }, overdue, row.penaltyDailyRate, cap);
    if (next.posted.greaterThan(0)) await postCharge(tx, ledger, row, 'penalty', day, next.posted);
    row.penaltyExact = next.exact.toString();
    row.penaltyCharged = next.charged.toFixed(2);
    row.penaltyDays += 1;
  }
}

/** Brings a locked loan in use up to `now`: its interest days, then overdue and penalty days. Returns the row as stored. */
export async function catchUp(tx: Executor, ledger: LedgerService, locked: LoanRow, now: Date): Promise<LoanRow> {
  if (locked.status !== 'in_use') return locked;
  const row = { ...locked };
  await accrueInterest(tx, ledger, row, now);
  await accruePenalty(tx, ledger, row, now);
  if (row.daysAccrued === locked.daysAccrued && row.penaltyDays === locked.penaltyDays && row.defaultsTime === locked.defaultsTime)
    return row;
  const [stored] = await tx
    .update(loans)
    .set({
      interestExact: row.interestExact,
      interestCharged: row.interestCharged,
      daysAccrued: row.daysAccrued,
      penaltyExact: row.penaltyExact,
      penaltyCharged: row.penaltyCharged,
      penaltyDays: row.penaltyDays,
      defaultsTime: row.defaultsTime,
    })
    .where(and(eq(loans.id, row.id), eq(loans.status, 'in_use')))
    .returning();
  if (!stored) throw new Error(`loan ${row.id} changed under its lock`);
  return stored;
}

const percentText = (rate: Decimal.Value) => `${new Decimal(rate).times(100).toString()}%`;

/** Tells the user before the due date and at it (each once), with what they owe and the penalty rule. */
export async function remind(tx: Executor, notify: Notify, row: LoanRow, now: Date) {
  const due = row.expireTime?.getTime();
  if (row.status !== 'in_use' || due === undefined) return;
  const isDue = now.getTime() >= due;
  const isSoon = !isDue && now.getTime() >= due - REMINDER_BEFORE_MS;
  if (!(isDue && !row.remindedDue) && !(isSoon && !row.remindedBefore)) return;
  const values = {
    dueDate: new Date(due).toISOString().slice(0, 10),
    debt: owedOf(row).total.toFixed(2),
    currency: 'USD',
    penaltyRate: percentText(row.penaltyDailyRate),
    maxPenalty: maxPenaltyOf(row.amount, row.penaltyCapShare).toFixed(2),
  };
  await notify(tx, row.userId, isDue ? 'loanDue' : 'loanDueSoon', values);
  await tx.insert(loanEvents).values({ loanId: row.id, kind: isDue ? 'reminder_due' : 'reminder_before', at: now });
  await tx
    .update(loans)
    .set(isDue ? { remindedDue: true, remindedBefore: true } : { remindedBefore: true })
    .where(eq(loans.id, row.id));
}
