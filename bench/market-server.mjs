// Starts the built server for the market benchmarks: embedded database on a fresh DATA_DIR, every
// market open, a given set of instruments, and waits until their history is stored.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** 100 instruments: 80 S&P 500 stocks and a few of every other kind. */
export const benchInstruments = [
  ...'AAPL MSFT NVDA AMZN GOOGL META TSLA AVGO JPM V UNH XOM JNJ WMT MA PG HD CVX MRK ABBV KO PEP COST ADBE CRM NFLX TMO ORCL ACN MCD CSCO ABT LIN DHR AMD WFC TXN DIS PM NEE INTC VZ CMCSA RTX HON UPS IBM QCOM AMGN LOW SPGI BA GE CAT INTU AMAT DE GS SBUX MS BLK ELV PLD ISRG MDLZ GILD ADI LMT SYK BKNG T MMC C ADP CB TJX ZTS MO SO DUK'.split(
    ' ',
  ),
  ...'GGAL YPFD PAMP 2330 2317 2454 ESZ6 NQZ6 GCG7 CLF7 EURUSD USDJPY USDTWD USDARS SPX DJI IXIC N225 TWII MERV'.split(' '),
];

/**
 * The Node flags the product is served with (`npm run serve`: the young generation's size), so the
 * benchmark measures the server as it runs, not with Node's defaults.
 */
export function servedNodeFlags() {
  const serve = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve;
  return serve.split(/\s+/).filter((word) => word.startsWith('--'));
}

export async function startMarketServer({ port, instruments = benchInstruments, extraEnv = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bolsa-bench-market-'));
  // BENCH_CPU_PROFILE=<dir> writes a V8 CPU profile of the server (node --cpu-prof) when it stops.
  const profileArguments = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child = spawn(process.execPath, [...servedNodeFlags(), ...profileArguments, 'apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      MARKET_CLOCK: 'always-open',
      MARKET_INSTRUMENTS: instruments.join(','),
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    try {
      // A K-line of the last instrument answers once its history is written (it is moved to the front).
      const last = instruments[instruments.length - 1];
      const response = await fetch(`${base}/web/m_ft/kline?stockCode=${last}&type=1Y`);
      const body = await response.json();
      if (body.code === 200) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Let the background backfill of the others finish too, so it does not compete with the measurement.
  for (const code of instruments) await fetch(`${base}/web/m_ft/kline?stockCode=${code}&type=1D`);
  // The catalog holds more than these instruments (every listed and recently expired contract of a
  // futures product), and the backfill writes all their history: measuring before it ends measured
  // the backfill too (history generated on the event loop, candles written by the database). It has
  // ended when the server, which only runs its feed then, stays below a tenth of a core for 2 s.
  await waitUntilQuiet(child.pid);
  return {
    base,
    /** The server's process id (a benchmark signals its preloaded probes). */
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds a process has used (all its threads), from /proc; undefined where there is no /proc. */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function waitUntilQuiet(pid, { share = 0.1, windowMs = 2_000, timeoutMs = 300_000 } = {}) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const before = cpuSecondsOf(pid);
    if (before === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = cpuSecondsOf(pid);
    if (after === undefined || after - before < (share * windowMs) / 1000) return;
  }
  throw new Error('the server stayed busy (history backfill) for 5 minutes');
}

export function percentile(values, share) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}
