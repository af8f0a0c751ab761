import { bankAccountKindOf } from '@bolsa/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { AuthService } from '../auth/index.ts';
import { bankCards, withdrawalAddresses } from './funding.tables.ts';
import { maskCardNumber } from './withdrawals.service.ts';

type CardRow = typeof bankCards.$inferSelect;
type AddressRow = typeof withdrawalAddresses.$inferSelect;

const cardView = (row: CardRow) => ({
  id: String(row.id),
  bankName: row.bankName,
  accountName: row.accountName,
  cardNumberMasked: maskCardNumber(row.cardNumber),
  accountKind: bankAccountKindOf(row.cardNumber, row.routingNumber ?? undefined) ?? null,
  routingNumber: row.routingNumber,
  createTimeTimestamp: row.createdAt.getTime(),
});

const addressView = (row: AddressRow) => ({
  id: String(row.id),
  network: row.network as 'TRC20',
  address: row.address,
  label: row.label,
  createTimeTimestamp: row.createdAt.getTime(),
});

export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;

/**
 * Where a person's money may go: their bank cards and crypto withdrawal addresses. Nobody reads or changes another's;
 * with two-factor on, adding or changing one needs the code (issue 25 §1).
 */
export function createPayoutAccountsService(dependencies: PayoutDependencies) {
  return { ...bankCardAccounts(dependencies), ...cryptoAddressAccounts(dependencies) };
}

type PayoutDependencies = { db: Database; auth: Pick<AuthService, 'verifySecondFactor'> };

function bankCardAccounts({ db, auth }: PayoutDependencies) {
  const ownCard = (principal: Principal, id: number) =>
    and(eq(bankCards.id, id), eq(bankCards.userId, Number(principal.userId)), isNull(bankCards.deletedAt));
  return {
    async cards(principal: Principal) {
      const rows = await db
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.userId, Number(principal.userId)), isNull(bankCards.deletedAt)))
        .orderBy(desc(bankCards.id));
      return rows.map(cardView);
    },
    async addCard(
      principal: Principal,
      input: {
        bankName: string;
        accountName: string;
        cardNumber: string;
        routingNumber?: string | undefined;
        otpCode?: string | undefined;
      },
    ) {
      const { otpCode, ...card } = input;
      await auth.verifySecondFactor(principal, otpCode);
      const [row] = await db
        .insert(bankCards)
        .values({ userId: Number(principal.userId), ...card, routingNumber: card.routingNumber ?? null })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return cardView(row);
    },
    async updateCard(
      principal: Principal,
      input: {
        id: number;
        bankName: string;
        accountName: string;
        cardNumber: string;
        routingNumber?: string | undefined;
        otpCode?: string | undefined;
      },
    ) {
      const { id, otpCode, ...values } = input;
      await auth.verifySecondFactor(principal, otpCode);
      const [row] = await db
        .update(bankCards)
        .set({ ...values, routingNumber: values.routingNumber ?? null })
        .where(ownCard(principal, id))
        .returning();
      if (!row) throw new AppError('CARD_NOT_FOUND');
      return cardView(row);
    },
    async deleteCard(principal: Principal, id: number) {
      const rows = await db.update(bankCards).set({ deletedAt: new Date() }).where(ownCard(principal, id)).returning({ id: bankCards.id });
      if (rows.length === 0) throw new AppError('CARD_NOT_FOUND');
      return null;
    },
  };
}

function cryptoAddressAccounts({ db, auth }: PayoutDependencies) {
  const ownAddress = (principal: Principal, id: number) =>
    and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, Number(principal.userId)), isNull(withdrawalAddresses.deletedAt));
  return {
    async addresses(principal: Principal) {
      const rows = await db
        .select()
        .from(withdrawalAddresses)
        .where(and(eq(withdrawalAddresses.userId, Number(principal.userId)), isNull(withdrawalAddresses.deletedAt)))
        .orderBy(desc(withdrawalAddresses.id));
      return rows.map(addressView);
    },
    async saveAddress(
      principal: Principal,
      input: { id?: number | undefined; network: string; address: string; label?: string | undefined; otpCode?: string | undefined },
    ) {
      await auth.verifySecondFactor(principal, input.otpCode);
      const values = { network: input.network, address: input.address, label: input.label ?? null };
      if (input.id !== undefined) {
        const [row] = await db.update(withdrawalAddresses).set(values).where(ownAddress(principal, input.id)).returning();
        if (!row) throw new AppError('ADDRESS_NOT_FOUND');
        return addressView(row);
      }
      const [row] = await db
        .insert(withdrawalAddresses)
        .values({ userId: Number(principal.userId), ...values })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return addressView(row);
    },
    async deleteAddress(principal: Principal, id: number) {
      const rows = await db
        .update(withdrawalAddresses)
        .set({ deletedAt: new Date() })
        .where(ownAddress(principal, id))
        .returning({ id: withdrawalAddresses.id });
      if (rows.length === 0) throw new AppError('ADDRESS_NOT_FOUND');
      return null;
    },
  };
}
