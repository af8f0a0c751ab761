#!/usr/bin/env node
// `npm test`: the whole suite. Builds the app, runs the unit and scenario tests (Vitest), then the
// browser journeys (Playwright on Debian's Chromium), and ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const chromiumCandidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  return result.status ?? 1;
}

function findChromium() {
  return chromiumCandidates.find((path) => existsSync(path));
}

function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian\'s "chromium" package with apt-get.');
    const environment = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env: environment }) === 0 &&
      run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: environment }) === 0
    ) {
      const installed = findChromium();
      if (installed) return installed;
    }
  }
  console.error(
    'The browser tests need Chromium. Install it with:\n  sudo apt-get install -y chromium\nor set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const chromium = ensureChromium();

if (run('npm', ['run', 'build']) !== 0) {
  console.error('The build failed; no tests were run.');
  process.exit(1);
}

const vitestResults = '.vitest-results.json';
const playwrightResults = '.playwright-results.json';
rmSync(vitestResults, { force: true });
rmSync(playwrightResults, { force: true });

const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestResults}`]);
const playwrightStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightResults },
});

function vitestCounts() {
  if (!existsSync(vitestResults)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(vitestResults, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    // A file that fails to load has no failed test; the exit status below still counts it once.
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts() {
  if (!existsSync(playwrightResults)) return { passed: 0, failed: 1, skipped: 0 };
  const stats = JSON.parse(readFileSync(playwrightResults, 'utf8')).stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

const unit = vitestCounts();
const browser = playwrightCounts();
const failedSuites = vitestStatus !== 0 && unit.failed === 0 ? 1 : 0;
const total = {
  passed: unit.passed + browser.passed,
  failed: unit.failed + browser.failed + failedSuites + (playwrightStatus !== 0 && browser.failed === 0 ? 1 : 0),
  skipped: unit.skipped + browser.skipped,
};
console.log(
  `\nunit and scenario tests: ${unit.passed} passed, ${unit.failed} failed; browser tests: ${browser.passed} passed, ${browser.failed} failed`,
);
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(vitestStatus !== 0 || playwrightStatus !== 0 || total.failed > 0 ? 1 : 0);
