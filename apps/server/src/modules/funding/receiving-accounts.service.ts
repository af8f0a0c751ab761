import type { ReceivingAccount, receivingAccountBody } from '@bolsa/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, recordAudit, requirePermission } from '../../platform/operators/index.ts';
import { receivingAccounts } from './funding.tables.ts';

type Row = typeof receivingAccounts.$inferSelect;
type AccountInput = z.infer<typeof receivingAccountBody>;
type OptionalField = 'accountNumber' | 'cbu' | 'alias' | 'iban' | 'swift';
/** An account as demo data writes it: the optional fields may be left out. */
export type ReceivingAccountSeed = Pick<AccountInput, 'currency' | 'beneficiary' | 'bankName'> & {
  [field in OptionalField]?: string | undefined;
};

export function receivingAccountView(row: Row): ReceivingAccount {
  return {
    id: String(row.id),
    currency: row.currency as ReceivingAccount['currency'],
    beneficiary: row.beneficiary,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    cbu: row.cbu,
    alias: row.alias,
    iban: row.iban,
    swift: row.swift,
    isDemo: row.isDemo,
    isActive: row.isActive,
  };
}

const columnsOf = (input: ReceivingAccountSeed & { isActive: boolean }) => ({
  currency: input.currency,
  beneficiary: input.beneficiary,
  bankName: input.bankName,
  accountNumber: input.accountNumber ?? null,
  cbu: input.cbu ?? null,
  alias: input.alias ?? null,
  iban: input.iban ?? null,
  swift: input.swift?.toUpperCase() ?? null,
  isActive: input.isActive,
});

export type ReceivingAccountsService = ReturnType<typeof createReceivingAccountsService>;

/**
 * The platform's bank accounts a bank deposit is sent to (issue 15 §4). Users read the active ones of
 * the deposit page; operators with `funding.receivingAccounts` add and edit them, each change audited.
 */
export function createReceivingAccountsService(dependencies: { db: Database; now?: () => Date }) {
  const { db } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const audited = createAudited(db);
  const permission = 'funding.receivingAccounts' as const;

  async function rowOf(executor: Executor, id: number) {
    const [row] = await executor.select().from(receivingAccounts).where(eq(receivingAccounts.id, id));
    return row;
  }

  return {
    /** What the deposit page shows: the active accounts, per currency. */
    async active(executor: Executor = db) {
      const rows = await executor
        .select()
        .from(receivingAccounts)
        .where(eq(receivingAccounts.isActive, true))
        .orderBy(asc(receivingAccounts.currency), asc(receivingAccounts.id));
      return rows.map(receivingAccountView);
    },

    async list(operator: OperatorPrincipal) {
      requirePermission(operator, permission);
      const rows = await db.select().from(receivingAccounts).orderBy(asc(receivingAccounts.currency), asc(receivingAccounts.id));
      return rows.map(receivingAccountView);
    },

    async create(operator: OperatorPrincipal, meta: AuditMeta, input: AccountInput) {
      requirePermission(operator, permission);
      return inTransaction(db, async (tx) => {
        const [row] = await tx.insert(receivingAccounts).values(columnsOf(input)).returning();
        if (!row) throw new Error('insert returned nothing');
        const view = receivingAccountView(row);
        await recordAudit(tx, operator, meta, {
          action: 'receivingAccount.create',
          targetType: 'receiving_account',
          targetId: row.id,
          after: view,
        });
        return view;
      });
    },

    async update(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: AccountInput) {
      requirePermission(operator, permission);
      return audited(
        operator,
        meta,
        'receivingAccount.update',
        { type: 'receiving_account', id },
        async (tx, before) => {
          if (!before) throw new AppError('RECORD_NOT_FOUND');
          const [row] = await tx
            .update(receivingAccounts)
            .set({ ...columnsOf(input), updatedAt: now() })
            .where(eq(receivingAccounts.id, id))
            .returning();
          if (!row) throw new AppError('RECORD_NOT_FOUND');
          const view = receivingAccountView(row);
          return { result: view, after: view };
        },
        async (tx) => {
          const row = await rowOf(tx, id);
          return row ? receivingAccountView(row) : undefined;
        },
      );
    },

    /** Demo data: one clearly marked account per currency, once. */
    async seedDemo(executor: Executor, accounts: ReceivingAccountSeed[]) {
      const existing = await executor.select({ id: receivingAccounts.id }).from(receivingAccounts).limit(1);
      if (existing.length > 0) return;
      await executor
        .insert(receivingAccounts)
        .values(accounts.map((account) => ({ ...columnsOf({ ...account, isActive: true }), isDemo: true })));
    },
  };
}
