import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

export type Mail = { to: string; text: string };

/** The instruments of the journeys' server: a few of every market and kind. */
export const e2eInstrumentCodes = [
  'AAPL',
  'MSFT',
  'NVDA',
  'TSLA',
  'AMZN',
  'IMO',
  'GGAL',
  'YPFD',
  '2330',
  '2317',
  'ESZ6',
  'GCG7',
  'CLF7',
  'EURUSD',
  'USDTWD',
  'USDARS',
  'SPX',
  'DJI',
  'IXIC',
  'N225',
  'TWII',
  'MERV',
];

/** One running Bolsa per worker: the built server on a fresh DATA_DIR, mailing through a local SMTP sink. */
export type Stack = {
  baseURL: string;
  mails: Mail[];
  codeFor(email: string): Promise<string>;
  /** Calls the real API (under /web, or /admin/api for operator paths) and returns `data`, failing on any other code. */
  api<T = unknown>(path: string, options?: { token?: string; body?: unknown; method?: 'GET' | 'POST'; isOperator?: boolean }): Promise<T>;
  operatorToken(): Promise<string>;
  /** Uploads two document images, submits an ID card and has the operator verify it, through the real APIs. */
  verifyIdentity(token: string): Promise<void>;
};

/** A 1×1 PNG: the smallest real image, for screenshots and documents. */
export const tinyPng = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a494441547801630001000005000136d088dd0000000049454e44ae426082',
  'hex',
);

export const E2E_OPERATOR = { email: 'e2e-ops@example.com', password: 'e2e-operator-password' } as const;

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startSmtpSink(mails: Mail[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(',');
        // Quoted-printable soft breaks and escapes do not touch the digits of the code.
        mails.push({ to, text: raw.replace(/=\r?\n/g, '') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

/**
 * How long a fresh server may take to answer /web/health. A first start seeds market history; on a
 * loaded shared machine that has taken more than 30 s, so the default is generous and configurable.
 */
const serverStartMs = Number(process.env.E2E_SERVER_START_MS ?? 90_000);

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + serverStartMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/web/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy in ${serverStartMs / 1000} s:\n${output()}`);
}

export const test = base.extend<{ stack: Stack }, { workerStack: Stack }>({
  workerStack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const mails: Mail[] = [];
      const smtp = await startSmtpSink(mails);
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'bolsa-e2e-'));
      let output = '';
      const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          REDIS_URL: '',
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          LOG_LEVEL: 'warn',
          DEMO_DATA: 'true',
          // Every journey's traffic comes from one address; the per-address API limit is for real clients.
          RATE_LIMIT_PER_MINUTE: '100000',
          // Every journey that signs a person up asks for a code from that one address (77 journeys and counting).
          EMAIL_CODES_PER_CLIENT_HOUR: '100000',
          ADMIN_EMAIL: E2E_OPERATOR.email,
          ADMIN_PASSWORD: E2E_OPERATOR.password,
          // Quotes move at any hour, so journeys see live prices; a small market keeps the first start light.
          MARKET_CLOCK: 'always-open',
          MARKET_INSTRUMENTS: e2eInstrumentCodes.join(','),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const baseURL = `http://127.0.0.1:${port}`;
      // A server that never became healthy must not outlive the run: it would keep ticking its market
      // on the machine long after Playwright gave up on it.
      const stopChild = () => child.kill('SIGKILL');
      process.once('exit', stopChild);
      try {
        await waitForHealth(baseURL, child, () => output);
      } catch (error) {
        stopChild();
        throw error;
      }
      const api: Stack['api'] = async (path, options = {}) => {
        const response = await fetch(`${baseURL}${options.isOperator ? '/admin/api' : '/web'}${path}`, {
          method: options.method ?? 'POST',
          headers: {
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.token ? { authorization: options.token } : {}),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        const envelope = (await response.json()) as { code: number; msg: string; data: never };
        if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
        return envelope.data;
      };
      await use({
        baseURL,
        mails,
        api,
        operatorToken: async () => (await api<{ token: string }>('/auth/login', { isOperator: true, body: E2E_OPERATOR })).token,
        async verifyIdentity(token) {
          const uploadImage = async () => {
            const form = new FormData();
            form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'documento.png');
            const response = await fetch(`${baseURL}/web/file/upload`, { method: 'POST', headers: { authorization: token }, body: form });
            return ((await response.json()) as { data: { url: string } }).data.url;
          };
          await api('/updateReal', {
            token,
            body: {
              documentType: 'idcard',
              countryCode: 'AR',
              firstName: 'Ana',
              lastName: 'Pérez',
              idNumber: '30123456',
              frontImageUrl: await uploadImage(),
              backImageUrl: await uploadImage(),
            },
          });
          const operator = await api<{ token: string }>('/auth/login', { isOperator: true, body: E2E_OPERATOR });
          const queue = await api<{ list: Array<{ id: string }> }>('/kyc?status=pending&pageSize=100', {
            isOperator: true,
            token: operator.token,
            method: 'GET',
          });
          const mine = queue.list.at(-1);
          if (!mine) throw new Error('the verification is not in the review queue');
          await api(`/kyc/${mine.id}/approve`, { isOperator: true, token: operator.token });
        },
        async codeFor(email) {
          const deadline = Date.now() + 10_000;
          while (Date.now() < deadline) {
            const mail = [...mails].reverse().find((entry) => entry.to === email.toLowerCase());
            const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
            if (code) return code;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          throw new Error(`No code was mailed to ${email}`);
        },
      });
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      process.off('exit', stopChild);
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: serverStartMs + 30_000 },
  ],
  stack: async ({ workerStack }, use) => {
    await use(workerStack);
  },
  baseURL: async ({ workerStack }, use) => {
    await use(workerStack.baseURL);
  },
});

export { expect };

export type Session = { token: string; user: { id: string; email: string } };

/** Registers a new account through the real API (code from the SMTP sink) and opens the app logged in as it. */
export async function signUpInApp(page: Page, stack: Stack, emailPrefix = 'e2e'): Promise<Session> {
  const email = uniqueEmail(emailPrefix);
  await stack.api('/getEmailCode', { body: { email, type: 'register' } });
  const session = await stack.api<Session>('/register', {
    body: { email, password: 'secret123', confirmPassword: 'secret123', code: await stack.codeFor(email) },
  });
  await page.goto('/#/pages/auth/login');
  await page.evaluate((value) => {
    localStorage.setItem('usa12_token', value.token);
    localStorage.setItem('usa12_user', JSON.stringify(value.user));
  }, session);
  return session;
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/**
 * The current TOTP code of a base32 secret (RFC 6238: HMAC-SHA-1, 30 s steps, 6 digits), written
 * here apart from the server's code so the journey checks the server against the RFC, not itself.
 */
export function totpCodeAt(secret: string, timeMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(character).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Serious or critical accessibility violations on the page as it stands. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A desktop console tab in English signed in as the shared e2e operator; the caller closes the context. */
export async function openConsoleAsOperator(browser: Browser, stack: Stack) {
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
  try {
    const console = await context.newPage();
    await console.goto('/admin/#/login');
    await console.getByLabel('Email').fill(E2E_OPERATOR.email);
    await console.getByLabel('Password').fill(E2E_OPERATOR.password);
    await console.getByRole('button', { name: 'Sign in' }).click();
    return { context, console, menu: console.getByRole('navigation', { name: 'Console menu' }) };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Deposits through the app's fiat page and has the operator approve it through the operator API. */
export async function depositAndApprove(page: Page, stack: Stack, amount: string) {
  await page.goto('/#/pages/deposit/fiat');
  await page.getByLabel('Monto').fill(amount);
  await page.getByLabel('Captura de la transferencia').setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('Cambiar imagen')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar depósito' }).click();
  await expect(page.getByText('Depósito enviado')).toBeVisible();
  const operator = await stack.operatorToken();
  const queue = await stack.api<{ list: Array<{ id: string }> }>('/deposits?status=pending', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const deposit = queue.list.at(-1);
  if (!deposit) throw new Error('the deposit is not in the review queue');
  await stack.api(`/deposits/${deposit.id}/approve`, { isOperator: true, token: operator });
}
