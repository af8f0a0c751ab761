import { randomUUID } from 'node:crypto';
import type { Executor } from '../../platform/db/index.ts';
import { type AuthService, accountsByIds, DEMO_ACCOUNT, findUsers } from '../auth/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { programmeOf } from './referral.service.ts';
import { referralRewards } from './referral.tables.ts';

/**
 * Three friends the demo account invited, so its share page lists referrals: one registered only, one who
 * deposited 150 USD (the reward then falls due after the programme's days, as any invitee's), and one
 * whose reward is held for review (same device), so the console's queue shows what an operator decides.
 * Fixed emails, idempotency keys and one reward row per invitee: a restart changes nothing. Their
 * passwords are random: nobody signs in.
 */
const demoInvitees = [
  { email: 'ana.invitada@demo.bolsa.app', deposit: undefined, isHeld: false },
  { email: 'luis.invitado@demo.bolsa.app', deposit: '150', isHeld: false },
  { email: 'marta.invitada@demo.bolsa.app', deposit: '200', isHeld: true },
] as const;

/** The demo's held reward: the programme's reward in force, held by a same-device signal. */
async function holdDemoReward(db: Executor, inviteeUserId: number, referrerUserId: number) {
  const programme = await programmeOf(db);
  await db
    .insert(referralRewards)
    .values({
      inviteeUserId,
      referrerUserId,
      state: 'held',
      signals: ['same_device'],
      amount: programme.rewardAmount,
      currency: programme.currency,
      fundedSince: new Date(),
    })
    .onConflictDoNothing();
}

export async function seedReferralDemo(db: Executor, auth: AuthService, ledger: LedgerService) {
  for (const invitee of demoInvitees) {
    await auth.ensureDemoAccount(invitee.email, randomUUID(), DEMO_ACCOUNT.email);
    if (!invitee.deposit) continue;
    const found = await findUsers(db, { text: invitee.email, pattern: invitee.email, alsoUserIds: [], limit: 1, offset: 0 });
    const userId = Number(found.rows[0]?.id);
    if (!userId) continue;
    const referrerId = (await accountsByIds(db, [userId])).get(userId)?.invitedByUserId;
    if (invitee.isHeld && referrerId) await holdDemoReward(db, userId, referrerId);
    await ledger.post(db, {
      idempotencyKey: `demo:referral:fund:${invitee.email}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: `-${invitee.deposit}` },
        { account: { userId, walletType: 'BALANCE' }, amount: invitee.deposit },
      ],
    });
  }
}
