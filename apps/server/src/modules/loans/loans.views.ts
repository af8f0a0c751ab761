import type { Loan, LoanProduct, LoanTerms } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { loanProducts, loans } from './loans.tables.ts';
import { aprOf, interestToDay, moneyText } from './loans.terms.ts';

export type LoanRow = typeof loans.$inferSelect;
export type ProductRow = typeof loanProducts.$inferSelect;

/** What a loan still owes, by part, in decimals. */
export function owedOf(row: LoanRow) {
  const interest = new Decimal(row.interestCharged).minus(row.interestPaid);
  const penalty = new Decimal(row.penaltyCharged).minus(row.penaltyPaid);
  const principal = new Decimal(row.principalOutstanding);
  return { interest, penalty, principal, total: interest.plus(penalty).plus(principal) };
}

export function isOverdue(row: LoanRow, now: Date): boolean {
  return row.status === 'in_use' && row.expireTime !== null && now.getTime() > row.expireTime.getTime();
}

/**
 * Due on the due date if nothing more is repaid: the principal left, the interest owed now, and the
 * interest the remaining days add on that principal (the running total to the end, rounded as charged).
 */
function nextDueOf(row: LoanRow): Decimal {
  const owed = owedOf(row);
  if (row.status !== 'in_use') return new Decimal(0);
  const daysLeft = Math.max(0, row.periodDays - row.daysAccrued);
  const exactEnd = new Decimal(row.interestExact).plus(owed.principal.times(row.dailyRate).times(daysLeft));
  const future = exactEnd.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).minus(row.interestCharged);
  return owed.total.plus(Decimal.max(future, 0));
}

const time = (value: Date | null) => (value === null ? null : value.getTime());

export function loanViewOf(row: LoanRow, now: Date): Loan {
  const owed = owedOf(row);
  const repaid = new Decimal(row.interestPaid).plus(row.penaltyPaid).plus(new Decimal(row.amount).minus(row.principalOutstanding));
  const isLent = row.status === 'in_use' || row.status === 'repaid';
  return {
    id: String(row.id),
    status: row.status,
    isOverdue: isOverdue(row, now),
    awaitsSecondApproval: row.status === 'pending' && row.firstApprovedBy !== null,
    currency: 'USD',
    walletType: row.walletType as Loan['walletType'],
    amount: moneyText(row.amount),
    periodDays: row.periodDays,
    dailyRate: new Decimal(row.dailyRate).toString(),
    apr: aprOf(row.dailyRate),
    creditScore: row.creditScore,
    terms: row.terms as LoanTerms,
    principalOutstanding: moneyText(row.principalOutstanding),
    interestCharged: moneyText(row.interestCharged),
    interestOutstanding: moneyText(owed.interest),
    penaltyCharged: moneyText(row.penaltyCharged),
    penaltyOutstanding: moneyText(owed.penalty),
    totalDebt: moneyText(owed.total),
    repaidTotal: moneyText(isLent ? repaid : 0),
    nextDueAmount: moneyText(nextDueOf(row)),
    rejectReason: row.rejectReason,
    createTime: row.createTime.getTime(),
    examineTime: time(row.examineTime),
    expireTime: time(row.expireTime),
    defaultsTime: time(row.defaultsTime),
    lastPayBackDate: time(row.lastPayBackDate),
  };
}

export function productViewOf(row: ProductRow): LoanProduct {
  return {
    id: String(row.id),
    periodDays: row.periodDays,
    dailyRate: new Decimal(row.dailyRate).toString(),
    apr: aprOf(row.dailyRate),
    minAmount: moneyText(row.minAmount),
    maxAmount: moneyText(row.maxAmount),
    penaltyDailyRate: new Decimal(row.penaltyDailyRate).toString(),
    penaltyCapShare: new Decimal(row.penaltyCapShare).toString(),
    secondApprovalAbove: moneyText(row.secondApprovalAbove),
    isEnabled: row.isEnabled,
  };
}

/** The whole-period interest stated in the terms: what the accrual must reach, to the cent. */
export const statedInterestOf = (row: LoanRow) => interestToDay(row.amount, row.dailyRate, row.periodDays);
