// `npm run bench`: every benchmark, each printing its ratio. Needs `npm run build` first.
import { spawnSync } from 'node:child_process';

for (const script of [
  'web-bundle-size.mjs',
  'first-screen.mjs',
  'lighthouse.mjs',
  'startup.mjs',
  'ledger-transfers.mjs',
  'order-transaction.mjs',
  'orders.mjs',
  'orders-embedded.mjs',
  'tick-to-fill.mjs',
  'price-alerts.mjs',
  'kline.mjs',
  'push.mjs',
]) {
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, [new URL(script, import.meta.url).pathname], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
