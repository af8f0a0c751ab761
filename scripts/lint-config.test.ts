import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
// At the repository root: outside apps/ and packages/, which the import-rule test scans at the same time.
const probe = join(root, 'lint-config-probe.ts');
// The function length rule covers the server and packages only; a probe without imports leaves the import rules alone.
const serverProbe = join(root, 'apps/server/src/lint-length-probe.ts');

afterAll(() => {
  rmSync(probe, { force: true });
  rmSync(serverProbe, { force: true });
});

function lintOutput(file: string) {
  try {
    execFileSync(join(root, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=50', file], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return '';
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
  }
}

describe('the lint configuration', () => {
  // A Biome upgrade or migration once switched the recommended rules off without a word; this catches it.
  it('really reports recommended and project rules', () => {
    writeFileSync(probe, 'export function f(a: any) {\n  debugger;\n  console.log(a);\n  return a == 1;\n}\n');
    let output = '';
    try {
      execFileSync(join(root, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=50', probe], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string };
      output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
    }
    for (const rule of ['noExplicitAny', 'noDebugger', 'noConsole', 'noDoubleEquals']) expect(output).toContain(`lint/suspicious/${rule}`);
  });

  it('refuses a server function longer than one screen (70 lines, blank lines aside)', () => {
    const body = Array.from({ length: 70 }, (_, index) => `  total += ${index};`).join('\n');
    writeFileSync(serverProbe, `export function probe() {\n  let total = 0;\n${body}\n  return total;\n}\n`);
    expect(lintOutput(serverProbe)).toContain('lint/complexity/noExcessiveLinesPerFunction');
  });
});
