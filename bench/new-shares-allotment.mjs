// Budget (issue 18 §6): the allotment and refund of 200,000 applications (`BENCH_APPLICATIONS`) on
// PostgreSQL, set-based, through the products service (`allotNow`: the rule, every hold resolved by
// `ledger.resolveHolds`, the rows updated, the users messaged, in one transaction), as applications/s
// against the ledger's own movements/s through its service (transfers between funded users from 32
// virtual users, `BENCH_CLIENTS`, group-committed as in ledger-transfers.mjs) in the same run; goal ≥ 0.5×;
// ends with a reconciliation. Uses a scratch database on BENCH_DATABASE_URL's server (default: the local
// PostgreSQL); the applications and their holds are seeded in SQL through the ledger's own functions.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { clients, databasePoolSize, durationSeconds, load, withScratchDatabase } from './support.mjs';

register();
const serverSource = new URL('../apps/server/src/', import.meta.url);
const { openDatabase, migrateDatabase, inTransaction } = await import(new URL('platform/db/index.ts', serverSource).href);
const { loadConfig } = await import(new URL('platform/config.ts', serverSource).href);
const { createLedgerService } = await import(new URL('modules/ledger/index.ts', serverSource).href);
const { createMessagesService } = await import(new URL('modules/messages/index.ts', serverSource).href);
const { createProductsService } = await import(new URL('modules/products/index.ts', serverSource).href);

const applications = Number(process.env.BENCH_APPLICATIONS ?? 200_000);
const transferUsers = 1000;
const quiet = { error() {}, info() {}, warn() {} };

const SEED_CHUNK = 2000;

/**
 * Funds every applicant's SUBSCRIPTION wallet (ledger_post_set, a chunk a statement) and holds 2 lots ×
 * 100 × $10 + 0.1 % on it (ledger_place_hold), through the ledger's SQL functions; then the applications.
 */
async function seedApplications(pool, offeringId) {
  const started = performance.now();
  await pool.query(`SELECT ledger_account_id(NULL, NULL, 'DEPOSIT_CLEARING', 'USD', 0)`);
  for (let first = 1; first <= applications; first += SEED_CHUNK) {
    const last = Math.min(applications, first + SEED_CHUNK - 1);
    await pool.query(`SELECT ledger_account_id(u, 'SUBSCRIPTION', NULL, 'USD', 0) FROM generate_series($1::integer, $2::integer) AS u`, [
      first,
      last,
    ]);
    await pool.query(
      `SELECT count(*) FROM ledger_post_set((
         SELECT jsonb_agg(jsonb_build_object('key', 'bench-fund:' || u, 'reason', 'deposit', 'fingerprint', 'bench-fund',
           'legs', jsonb_build_array(jsonb_build_object('system', 'DEPOSIT_CLEARING', 'currency', 'USD', 'amount', '-5000.00'),
                                     jsonb_build_object('user', u, 'wallet', 'SUBSCRIPTION', 'currency', 'USD', 'amount', '5000.00'))) ORDER BY u)
         FROM generate_series($1::integer, $2::integer) AS u))`,
      [first, last],
    );
    await pool.query(
      `SELECT ledger_place_hold('subscription:' || $3::bigint || ':' || u, u, 'SUBSCRIPTION', 'USD', 2002.00, 'subscription')
       FROM generate_series($1::integer, $2::integer) AS u`,
      [first, last, offeringId],
    );
  }
  await pool.query(
    `INSERT INTO product_applications (offering_id, user_id, identity_key, idempotency_key, lots, amount, fee, hold_id)
     SELECT $2::bigint, u, 'bench-identity-' || u, 'bench-apply-' || u, 2, 2000.00, 2.00, h.id
     FROM generate_series(1, $1::integer) AS u JOIN ledger_holds h ON h.idempotency_key = 'subscription:' || $2::bigint || ':' || u`,
    [applications, offeringId],
  );
  await pool.query('ANALYZE');
  return (performance.now() - started) / 1000;
}

async function createOffering(pool) {
  const operator = await pool.query(`INSERT INTO operators (email, password_hash) VALUES ('bench@ops.example.com', 'x') RETURNING id`);
  // Oversubscribed pro rata: 400,000 lots asked for 300,000 offered; every hold is split (paid, fee, returned).
  const lots = Math.floor(applications * 1.5);
  const offering = await pool.query(
    `INSERT INTO product_offerings (kind, status, code, name, exchange_code, prospectus_date, fund_raising, price_low, price_high, price,
       lot_size, min_quantity, max_quantity, shares_offered, fee_rate, allocation_rule, opens_at, closes_at, allots_at, lists_at,
       seed, seed_hash, created_by_operator_id)
     VALUES ('ipo', 'published', 'BENCH', 'Bench Inc.', 'NASDAQ', '2026-11-01', 1000000, 10, 10, 10, 100, 100, 1000, $1, 0.001,
       'pro_rata', now() - interval '3 hours', now() - interval '2 hours', now() - interval '1 hour', now() + interval '1 day',
       'bench-seed', 'bench-seed-hash', $2)
     RETURNING id`,
    [lots * 100, operator.rows[0].id],
  );
  return Number(offering.rows[0].id);
}

const result = await withScratchDatabase('bolsa_bench_allot', async (url) => {
  const config = loadConfig({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(databasePoolSize),
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bolsa-bench-')),
  });
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const ledger = createLedgerService({ db: database.db, logger: quiet });
  const messages = createMessagesService({ db: database.db, auth: undefined });
  const products = createProductsService({
    db: database.db,
    ledger,
    notify: messages.notify,
    notifyMany: messages.notifyMany,
    listStock: async () => undefined,
    openAllottedPosition: async () => {
      throw new Error('no listing in this bench');
    },
    identityOf: async () => null,
    placedHolding: async () => {
      throw new Error('not used');
    },
    holdingsAt: async () => [],
    now: () => new Date(),
    logger: quiet,
  });

  const offeringId = await createOffering(database.pool);
  const seedSeconds = await seedApplications(database.pool, offeringId);

  // The ledger's own movements through its service: transfers between funded users' BALANCE wallets.
  for (let user = 1; user <= transferUsers; user += 1) {
    await ledger.post(database.db, {
      idempotencyKey: `bench-transfer-seed-${user}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-1000000.00' },
        { account: { userId: applications + user, walletType: 'BALANCE' }, amount: '1000000.00' },
      ],
    });
  }
  const movements = await load(async (client, index) => {
    const from = applications + 1 + ((client * 7919 + index * 104729) % transferUsers);
    const to = applications + 1 + ((from + index) % transferUsers);
    await ledger.post(database.db, {
      idempotencyKey: `bench-transfer-${client}-${index}`,
      reason: 'transfer',
      legs: [
        { account: { userId: from, walletType: 'BALANCE' }, amount: '-1.00', requireFunds: true },
        { account: { userId: to === from ? from + 1 : to, walletType: 'BALANCE' }, amount: '1.00' },
      ],
    });
  });

  const started = performance.now();
  const allotted = await inTransaction(database.db, (tx) => products.allotNow(tx, offeringId));
  const allotSeconds = (performance.now() - started) / 1000;
  const counts = await database.pool.query(
    `SELECT count(*) FILTER (WHERE status = 'allotted') AS allotted, sum(allotted_lots) AS lots, sum(refunded) AS refunded
     FROM product_applications WHERE offering_id = $1`,
    [offeringId],
  );
  const report = await ledger.reconcile();
  await database.close();
  return { seedSeconds, movements, allotSeconds, allotted, counts: counts.rows[0], report };
});

const perSecond = applications / result.allotSeconds;
const ratio = perSecond / result.movements.tps;
console.log(`seeded ${applications.toLocaleString('en')} held applications in ${result.seedSeconds.toFixed(1)} s`);
console.log(
  `ledger movements through the service: ${result.movements.tps.toFixed(0)}/s (${clients} virtual users, ${durationSeconds} s, p99 ${result.movements.p99.toFixed(1)} ms, ${result.movements.failures} failures)`,
);
console.log(
  `allotment + refund: ${applications.toLocaleString('en')} applications in ${result.allotSeconds.toFixed(1)} s = ${perSecond.toFixed(0)}/s; ` +
    `${result.counts.allotted} allotted, ${result.counts.lots} lots (offered ${result.allotted.sharesOffered / 100}), ${result.counts.refunded} USD returned`,
);
console.log(
  `ratio ${ratio.toFixed(2)}× (goal ≥ 0.5×): ${ratio >= 0.5 ? 'met' : 'NOT met'}; ledger ${result.report.isBalanced ? 'balanced' : 'NOT balanced'}`,
);
