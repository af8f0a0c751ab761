import type { StatementLineKind, StatementSubject, WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { toMoney } from '../ledger/index.ts';
import { type StatementOrder, statementOrdersOf } from '../trading/index.ts';
import { deposits, walletTransfers } from './funding.tables.ts';

/** One ledger entry of the user's statement, as the ledger answers it. */
export type EntryRow = {
  id: string;
  wallet_type: string;
  amount: string;
  balance_after: string;
  reason: string;
  memo: string | null;
  journal_key: string;
};

/** A statement line: the entry's money, and what it says (its kind and subject), without internal ids. */
export type StatementLine<Row extends EntryRow> = {
  row: Row;
  amount: string;
  balanceAfter: string;
  line: StatementLineKind;
  subject: StatementSubject;
  memo: string | null;
};

const subjectIdOf = (key: string, prefix: string) => {
  const match = new RegExp(`^${prefix}:(\\d+)(?::|$)`).exec(key);
  return match ? Number(match[1]) : undefined;
};
const idsOf = (rows: readonly EntryRow[], prefix: string) =>
  [...new Set(rows.map((row) => subjectIdOf(row.journal_key, prefix)).filter((id) => id !== undefined))] as number[];

/**
 * What a trade's margin entry is. A cash trade moves the whole cost: "Compra de…", "Venta de…". A leveraged
 * one moves only its margin, so it says so: an open whose margin is less than what it traded is the margin
 * of a buy (or short), and a close of a leveraged position releases its margin (its result is its own line).
 */
function tradeLineOf(row: EntryRow, order: StatementOrder): StatementLineKind {
  const part = row.journal_key.split(':')[2];
  if (part === 'margin') {
    if (order.leverage > 1) return order.direction === 1 ? 'margin_release_sell' : 'margin_release_cover';
    return order.direction === 1 ? 'sell' : 'cover';
  }
  const isMargined = order.margin !== null && order.amount !== null && new Decimal(order.margin).lessThan(order.amount);
  if (isMargined) return order.direction === 0 ? 'margin_buy' : 'margin_short';
  return order.direction === 0 ? 'buy' : 'short';
}

/** Whether an entry is part of closing a cash position (leverage 1): its cost returned, or its result. */
function isCashClose(row: EntryRow, order: StatementOrder): boolean {
  const part = row.journal_key.split(':')[2];
  return order.leverage === 1 && (part === 'margin' || part === 'pnl');
}

/**
 * Turns a page of ledger entries into lines that read as words (issue 15 §6): a trade says what was bought
 * or sold, how many and at what price; a transfer names the other wallet; a deposit says how it came. An
 * opening trade's cost taken in one entry (margin + fee) is shown as two lines, the trade and its fee, each
 * with the balance after it. A cash sale reads as the sale: "Venta de 10 AAPL a 210,00" credits what it
 * brought in (the cost returned plus its result, two ledger entries of the close) with the balance after
 * both, and its fee is the next line; a leveraged close keeps its margin released and its result apart.
 * Trading memos (which carry internal ids) are not passed on.
 */
export async function statementLinesOf<Row extends EntryRow>(executor: Executor, userId: number, rows: readonly Row[]) {
  const orderIds = idsOf(rows, 'order');
  const transferIds = idsOf(rows, 'transfer');
  const depositIds = idsOf(rows, 'deposit');
  const [orders, transfers, depositRows] = await Promise.all([
    statementOrdersOf(executor, userId, orderIds),
    transferIds.length === 0
      ? []
      : executor
          .select()
          .from(walletTransfers)
          .where(and(eq(walletTransfers.userId, userId), inArray(walletTransfers.id, transferIds))),
    depositIds.length === 0
      ? []
      : executor
          .select({ id: deposits.id, method: deposits.method })
          .from(deposits)
          .where(and(eq(deposits.userId, userId), inArray(deposits.id, depositIds))),
  ]);
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const transferById = new Map(transfers.map((transfer) => [transfer.id, transfer]));
  const depositById = new Map(depositRows.map((deposit) => [deposit.id, deposit]));
  const lines: StatementLine<Row>[] = [];
  for (const row of rows) {
    const base = { row, amount: toMoney(row.amount), balanceAfter: toMoney(row.balance_after), subject: {}, memo: null };
    const isCredit = new Decimal(row.amount).greaterThan(0);
    switch (row.reason) {
      case 'deposit': {
        const deposit = depositById.get(subjectIdOf(row.journal_key, 'deposit') ?? 0);
        const method = deposit ? (deposit.method === 'crypto' ? 'crypto' : 'bank') : undefined;
        lines.push({ ...base, line: 'deposit', subject: method ? { method } : {}, memo: row.memo });
        break;
      }
      case 'withdrawal_hold':
      case 'withdrawal_paid':
      case 'withdrawal_released':
        lines.push({ ...base, line: row.reason, memo: row.memo });
        break;
      case 'transfer':
      case 'fx_conversion': {
        const transfer = transferById.get(subjectIdOf(row.journal_key, 'transfer') ?? 0);
        const other = transfer ? (isCredit ? transfer.fromWalletType : transfer.toWalletType) : undefined;
        const kind = row.reason === 'transfer' ? (isCredit ? 'transfer_in' : 'transfer_out') : isCredit ? 'fx_in' : 'fx_out';
        lines.push({ ...base, line: kind, subject: other ? { walletType: other as WalletType } : {} });
        break;
      }
      case 'trade_margin':
      case 'realised_pnl':
      case 'fee': {
        const order = orderById.get(subjectIdOf(row.journal_key, 'order') ?? 0);
        // A cash sale's result is part of what the sale brought in: it is on the sale's line, not its own.
        if (row.reason === 'realised_pnl' && order && isCashClose(row, order)) break;
        lines.push(...tradeLines(base, row, order));
        break;
      }
      default:
        lines.push({ ...base, line: otherLineOf(row.reason) });
    }
  }
  return lines;
}

/** Lines with no subject of their own: interest, the loans' money, referral rewards, and adjustments. */
function otherLineOf(reason: string): 'interest' | 'loan_disbursement' | 'loan_repayment' | 'referral_reward' | 'adjustment' {
  if (reason === 'interest' || reason === 'loan_disbursement' || reason === 'loan_repayment' || reason === 'referral_reward') return reason;
  return 'adjustment';
}

function tradeLines<Row extends EntryRow>(
  base: Omit<StatementLine<Row>, 'line'>,
  row: Row,
  order: StatementOrder | undefined,
): StatementLine<Row>[] {
  if (!order) return [{ ...base, line: row.reason === 'fee' ? 'fee' : row.reason === 'realised_pnl' ? 'realised_pnl' : 'margin' }];
  const code = { code: order.code };
  if (row.reason === 'fee') return [{ ...base, line: 'fee', subject: code }];
  if (row.reason === 'realised_pnl') return [{ ...base, line: 'realised_pnl', subject: code }];
  const subject = {
    code: order.code,
    quantity: new Decimal(order.quantity).toString(),
    ...(order.fillPrice ? { price: new Decimal(order.fillPrice).toString() } : {}),
  };
  const line = tradeLineOf(row, order);
  if (isCashClose(row, order)) {
    const result = new Decimal(order.realisedPnl ?? 0);
    return [
      {
        ...base,
        line,
        subject,
        amount: toMoney(new Decimal(row.amount).plus(result)),
        balanceAfter: toMoney(new Decimal(row.balance_after).plus(result)),
      },
    ];
  }
  const fee = new Decimal(order.fee ?? 0);
  const paid = new Decimal(row.amount).negated();
  // An order that filled as it was accepted paid margin and fee in one entry: shown as the trade, then its fee.
  if (row.journal_key.endsWith(':fill') && fee.greaterThan(0) && paid.equals(new Decimal(order.margin ?? 0).plus(fee))) {
    return [
      { ...base, line: 'fee', subject: code, amount: toMoney(fee.negated()) },
      {
        ...base,
        line,
        subject,
        amount: toMoney(paid.minus(fee).negated()),
        balanceAfter: toMoney(new Decimal(row.balance_after).plus(fee)),
      },
    ];
  }
  return [{ ...base, line, subject }];
}
