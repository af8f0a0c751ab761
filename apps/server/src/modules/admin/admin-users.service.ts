import {
  type Currency,
  type LedgerReason,
  type MessageTemplate,
  pageInfo,
  type RestrictionKind,
  restrictionKinds,
  type WalletType,
} from '@bolsa/contracts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { findUsers, type Restriction, type RestrictionsService } from '../auth/index.ts';
import { type KycService, latestSubmissionsOf, userIdsNamedLike } from '../kyc/index.ts';
import { type LedgerService, toMoney } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { TradingService } from '../trading/index.ts';

/** What the user is told when a freeze starts or ends. A login freeze tells nothing: the user cannot read it. */
const messageOnFreeze: Record<RestrictionKind, MessageTemplate | undefined> = {
  login: undefined,
  trading: 'tradingFrozen',
  withdrawals: 'withdrawalsFrozen',
};
const messageOnUnfreeze: Record<RestrictionKind, MessageTemplate> = {
  login: 'loginUnfrozen',
  trading: 'tradingUnfrozen',
  withdrawals: 'withdrawalsUnfrozen',
};

function restrictionView(restriction: Restriction) {
  return {
    kind: restriction.kind,
    reason: restriction.reason,
    operatorId: restriction.operatorId === null ? null : String(restriction.operatorId),
    createdAtTimestamp: restriction.createdAt.getTime(),
  };
}

/** Arrays come back from the embedded database as their text form ({a,b}); both forms read the same. */
function kindsOf(value: string[] | string | null): RestrictionKind[] {
  const list = Array.isArray(value) ? value : (value ?? '').replace(/[{}]/g, '').split(',');
  return list.filter((kind): kind is RestrictionKind => (restrictionKinds as readonly string[]).includes(kind));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Users whose email, id or verified name matches the text (or the one user `userId`), newest first. */
async function searchUsers(executor: Executor, input: { query: string; userId?: number; limit: number; offset: number }) {
  const text = input.query;
  const pattern = `%${escapeLike(text)}%`;
  const alsoUserIds = input.userId === undefined && text !== '' ? await userIdsNamedLike(executor, pattern) : [];
  const found = await findUsers(executor, { userId: input.userId, text, pattern, alsoUserIds, limit: input.limit, offset: input.offset });
  const submissions = await latestSubmissionsOf(
    executor,
    found.rows.map((row) => Number(row.id)),
  );
  return {
    total: found.total,
    list: found.rows.map((row) => {
      const submission = submissions.get(Number(row.id));
      return {
        id: row.id,
        email: row.email,
        name: submission === undefined ? null : `${submission.firstName} ${submission.lastName}`.trim(),
        kycStatus: submission?.status ?? 'none',
        restrictions: kindsOf(row.restrictions),
        createdAtTimestamp: new Date(row.createdAt).getTime(),
      };
    }),
  };
}

/** The user as the list shows it, or USER_NOT_FOUND. */
async function requireUser(executor: Executor, userId: number) {
  const found = await searchUsers(executor, { query: '', userId, limit: 1, offset: 0 });
  const user = found.list[0];
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** A user's sessions, and the devices they came from: the sessions of one user agent, newest first. */
function sessionsAndDevices(sessions: Awaited<ReturnType<RestrictionsService['sessionsOf']>>) {
  const now = Date.now();
  const sessionViews = sessions.map((session) => ({
    id: String(session.id),
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    createdAtTimestamp: session.createdAt.getTime(),
    lastSeenAtTimestamp: session.lastSeenAt.getTime(),
    expiresAtTimestamp: session.expiresAt.getTime(),
    revokedAtTimestamp: session.revokedAt?.getTime() ?? null,
    isLive: session.revokedAt === null && session.expiresAt.getTime() > now,
  }));
  // A device is what a browser or app tells of itself: the sessions of one user agent, newest first.
  const devices = new Map<
    string,
    { userAgent: string | null; lastIpAddress: string | null; lastSeenAtTimestamp: number; sessionCount: number }
  >();
  for (const session of sessionViews) {
    const key = session.userAgent ?? '';
    const device = devices.get(key);
    if (device) device.sessionCount += 1;
    else
      devices.set(key, {
        userAgent: session.userAgent,
        lastIpAddress: session.ipAddress,
        lastSeenAtTimestamp: session.lastSeenAtTimestamp,
        sessionCount: 1,
      });
  }
  return { sessionViews, devices: [...devices.values()] };
}

/** A page of a user's statement as the console shows it. */
function statementView(page: Awaited<ReturnType<LedgerService['statement']>>, input: { pageNum: number; pageSize: number }) {
  return {
    list: page.rows.map((row) => ({
      id: row.id,
      walletType: row.wallet_type as WalletType,
      currency: row.currency as Currency,
      amount: toMoney(row.amount),
      balanceAfter: toMoney(row.balance_after),
      reason: row.reason as LedgerReason,
      memo: row.memo,
      createTimeTimestamp: new Date(row.created_at).getTime(),
    })),
    ...pageInfo(page.total, input.pageNum, input.pageSize),
  };
}

type Dependencies = {
  db: Database;
  restrictions: RestrictionsService;
  kyc: KycService;
  ledger: LedgerService;
  trading: TradingService;
  messages: MessagesService;
};

/** What operators with `users.read` see: the user list, one user's detail, statement, orders and positions. */
function userReads(dependencies: Dependencies) {
  const { db, restrictions, kyc, ledger, trading } = dependencies;
  return {
    async search(operator: OperatorPrincipal, input: { query: string; pageNum: number; pageSize: number }) {
      requirePermission(operator, 'users.read');
      const page = await searchUsers(db, { query: input.query, limit: input.pageSize, offset: (input.pageNum - 1) * input.pageSize });
      return { list: page.list, ...pageInfo(page.total, input.pageNum, input.pageSize) };
    },

    async detail(operator: OperatorPrincipal, userId: number) {
      requirePermission(operator, 'users.read');
      const user = await requireUser(db, userId);
      const [userRestrictions, kycState, wallets, sessions] = [
        await restrictions.restrictionsOf(db, userId),
        await kyc.stateOfUser(userId),
        await ledger.wallets(db, userId),
        await restrictions.sessionsOf(userId),
      ];
      const { sessionViews, devices } = sessionsAndDevices(sessions);
      return {
        user,
        restrictions: userRestrictions.map(restrictionView),
        kyc: kycState,
        wallets,
        sessions: sessionViews,
        devices,
      };
    },

    async statement(
      operator: OperatorPrincipal,
      userId: number,
      input: { walletType?: WalletType | undefined; pageNum: number; pageSize: number },
    ) {
      requirePermission(operator, 'users.read');
      await requireUser(db, userId);
      const page = await ledger.statement(db, userId, input);
      return statementView(page, input);
    },

    async orders(operator: OperatorPrincipal, userId: number, input: { pageNum: number; pageSize: number }) {
      requirePermission(operator, 'users.read');
      await requireUser(db, userId);
      return trading.ordersOfUser(userId, input);
    },

    async positions(operator: OperatorPrincipal, userId: number, input: { status: 'open' | 'closed'; pageNum: number; pageSize: number }) {
      requirePermission(operator, 'users.read');
      await requireUser(db, userId);
      return trading.positionsOfUser(userId, { isOpen: input.status === 'open', pageNum: input.pageNum, pageSize: input.pageSize });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** Operators look users up, see their money and activity, freeze what must stop and end their sessions. */
export function createAdminUsersService(dependencies: Dependencies) {
  const { db, restrictions, messages } = dependencies;
  const audited = createAudited(db);

  const restrictionsBefore = (userId: number) => async (executor: Executor) => ({
    restrictions: (await restrictions.restrictionsOf(executor, userId)).map(restrictionView),
  });

  return {
    ...userReads(dependencies),

    async freeze(operator: OperatorPrincipal, meta: AuditMeta, userId: number, input: { kind: RestrictionKind; reason: string }) {
      requirePermission(operator, 'users.freeze');
      await requireUser(db, userId);
      return audited(
        operator,
        meta,
        `user.freeze.${input.kind}`,
        { type: 'user', id: userId },
        async (tx) => {
          const after = (await restrictions.freeze(tx, { userId, ...input, operatorId: operator.operatorId })).map(restrictionView);
          const template = messageOnFreeze[input.kind];
          if (template) await messages.notify(tx, userId, template, { reason: input.reason });
          return { result: { restrictions: after }, after: { restrictions: after, reason: input.reason } };
        },
        restrictionsBefore(userId),
      );
    },

    async unfreeze(operator: OperatorPrincipal, meta: AuditMeta, userId: number, input: { kind: RestrictionKind; reason: string }) {
      requirePermission(operator, 'users.freeze');
      await requireUser(db, userId);
      return audited(
        operator,
        meta,
        `user.unfreeze.${input.kind}`,
        { type: 'user', id: userId },
        async (tx, before) => {
          const wasFrozen = (before as { restrictions: Array<{ kind: string }> }).restrictions.some(
            (restriction) => restriction.kind === input.kind,
          );
          const after = (await restrictions.unfreeze(tx, { userId, kind: input.kind })).map(restrictionView);
          if (wasFrozen) await messages.notify(tx, userId, messageOnUnfreeze[input.kind], {});
          return { result: { restrictions: after }, after: { restrictions: after, reason: input.reason } };
        },
        restrictionsBefore(userId),
      );
    },

    async revokeSessions(operator: OperatorPrincipal, meta: AuditMeta, userId: number, input: { reason: string }) {
      requirePermission(operator, 'users.sessions');
      await requireUser(db, userId);
      return audited(operator, meta, 'user.sessions.revoke', { type: 'user', id: userId }, async (tx) => {
        const revokedCount = await restrictions.revokeSessions(tx, userId);
        return { result: { revokedCount }, after: { revokedCount, reason: input.reason } };
      });
    },
  };
}
