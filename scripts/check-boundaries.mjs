#!/usr/bin/env node
// The import rules of docs/ARCHITECTURE.md, checked on every `npm run lint`.
// Why our own checker: see docs/adr/0002-import-rules-checker.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/**
 * Server domain modules, lower first: a module may import only modules listed before it. Read from the
 * one list `buildApp` walks (apps/server/src/modules/index.ts): each name imported from its folder's
 * index.ts, in the order of `export const modules = [...]`.
 */
export function readModuleOrder(file = join(root, 'apps/server/src/modules/index.ts')) {
  const text = readFileSync(file, 'utf8');
  const folderOf = new Map(
    [...text.matchAll(/import\s*\{\s*(\w+)\s*\}\s*from\s*'\.\/([\w-]+)\/index\.ts'/g)].map((match) => [match[1], match[2]]),
  );
  const list = text.match(/export const modules = \[([^\]]*)\]/)?.[1];
  if (list === undefined) throw new Error(`${relative(root, file)}: no \`export const modules = [...]\` list`);
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const folder = folderOf.get(name);
      if (!folder) throw new Error(`${relative(root, file)}: module ${name} is not imported from its folder's index.ts`);
      return folder;
    });
}

export const moduleOrder = readModuleOrder();

const sourceExtensions = ['.ts', '.tsx', '.mjs', '.js'];
const importPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function listSources(directory) {
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return sourceExtensions.some((extension) => name.endsWith(extension)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const workspacePackages = new Map(
  ['apps', 'packages'].flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => existsSync(join(root, folder, name, 'package.json')))
      .map((name) => [JSON.parse(readFileSync(join(root, folder, name, 'package.json'), 'utf8')).name, join(folder, name)]),
  ),
);

function resolveFile(base) {
  for (const candidate of [
    base,
    ...sourceExtensions.map((extension) => base + extension),
    ...sourceExtensions.map((extension) => join(base, `index${extension}`)),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Our own file an import points at (relative to the repo), or undefined for an npm package. */
function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('.')) {
    const file = resolveFile(resolve(dirname(fromFile), specifier));
    return file ? relative(root, file) : undefined;
  }
  for (const [name, folder] of workspacePackages) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return `${folder}/${specifier.slice(name.length + 1) || '(package)'}`;
  }
  return undefined;
}

const rules = [
  {
    name: 'apps-do-not-import-each-other',
    test: (from, to) =>
      from.match(/^apps\/([^/]+)\//)?.[1] !== undefined &&
      to.match(/^apps\/([^/]+)\//)?.[1] !== undefined &&
      from.split('/')[1] !== to.split('/')[1],
  },
  {
    name: 'contracts-import-nothing-of-ours',
    test: (from, to) => from.startsWith('packages/contracts/') && !to.startsWith('packages/contracts/'),
  },
  {
    // Shared browser code (client-kit) serves both apps, so it may not depend on either of them.
    name: 'packages-do-not-import-apps',
    test: (from, to) => from.startsWith('packages/') && to.startsWith('apps/'),
  },
  {
    name: 'modules-through-their-index',
    test: (from, to) => {
      const source = from.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
      const target = to.match(/^apps\/server\/src\/modules\/([^/]+)\/(.+)$/);
      return source !== undefined && target !== null && target[1] !== source && target[2] !== 'index.ts';
    },
  },
  {
    name: 'ledger-imports-no-other-domain',
    test: (from, to) =>
      from.startsWith('apps/server/src/modules/ledger/') &&
      to.startsWith('apps/server/src/modules/') &&
      !to.startsWith('apps/server/src/modules/ledger/'),
  },
  {
    name: 'module-order',
    test: (from, to) => {
      const source = from.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
      const target = to.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
      if (!source || !target || source === target) return false;
      const sourceIndex = moduleOrder.indexOf(source.split('/')[0]);
      const targetIndex = moduleOrder.indexOf(target.split('/')[0]);
      return sourceIndex === -1 || targetIndex === -1 || targetIndex > sourceIndex;
    },
  },
  {
    name: 'platform-does-not-import-modules',
    test: (from, to) => from.startsWith('apps/server/src/platform/') && /^apps\/server\/src\/(modules\/|app\.ts|server\.ts)/.test(to),
  },
  {
    name: 'web-features-do-not-import-each-other',
    test: (from, to) => {
      const source = from.match(/^apps\/(web|admin)\/src\/features\/([^/]+)\//);
      const target = to.match(/^apps\/(web|admin)\/src\/features\/([^/]+)\//);
      return source !== null && target !== null && (source[1] !== target[1] || source[2] !== target[2]);
    },
  },
];

const modulesRoot = join(root, 'apps/server/src/modules');
const isTest = (file) => /\.test\.tsx?$/.test(file);

/**
 * Which module owns each table: a module owns the tables its `*.tables.ts` files declare
 * (`pgTable('name', ...)`). Another module reads or writes them only through the owner's index.ts.
 */
export function readTableOwners() {
  const owners = new Map();
  for (const module of moduleOrder) {
    for (const file of listSources(join(modulesRoot, module)).filter((path) => path.endsWith('.tables.ts'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*['"](\w+)['"]/g)) owners.set(match[1], module);
    }
  }
  return owners;
}

/**
 * SQL text in a module naming another module's table (`FROM users`, `JOIN kyc_submissions`,
 * `UPDATE ...`, `INSERT INTO ...`, `DELETE FROM ...`): raw SQL the import rules cannot see. Test files may.
 */
function foreignTableQueries(files) {
  const owners = readTableOwners();
  const violations = [];
  for (const file of files) {
    const from = relative(root, file);
    const module = from.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
    if (module === undefined || isTest(from)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+(?:ONLY\s+)?"?(\w+)"?/g)) {
      const owner = owners.get(match[1]);
      if (owner !== undefined && owner !== module) {
        violations.push(`modules-query-only-their-own-tables: ${from} queries ${match[1]} (owned by ${owner})`);
      }
    }
  }
  return violations;
}

export function check() {
  const files = ['apps', 'packages'].flatMap((folder) => listSources(join(root, folder)));
  const graph = new Map();
  const violations = [];
  for (const file of files) {
    const from = relative(root, file);
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
    const targets = [];
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      const to = resolveImport(file, specifier);
      if (!to) continue;
      targets.push(to);
      for (const rule of rules) if (rule.test(from, to)) violations.push(`${rule.name}: ${from} imports ${specifier}`);
    }
    graph.set(from, targets);
  }
  // Cycles between our own files.
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') violations.push(`no-circular: ${[...stack.slice(stack.indexOf(next)), next].join(' → ')}`);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  violations.push(...foreignTableQueries(files));
  return { fileCount: files.length, violations };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { fileCount, violations } = check();
  if (violations.length > 0) {
    console.error(`Import rules broken (${violations.length}):\n${violations.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Import rules hold across ${fileCount} files.`);
}
