import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from './index.ts';

describe('mail', () => {
  it('goes over SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        stream.on('end', () => {
          received.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Bolsa <no-reply@bolsa.local>',
      logger: { info: () => undefined },
    });
    try {
      await mailer.send({ to: 'ana@example.com', subject: 'Código 123456', text: 'Su código es 123456' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: ana@example.com');
      expect(received[0]).toContain('Su c=C3=B3digo es 123456');
      expect(mailer.outbox()).toEqual([]);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps mail in the dev outbox and logs it when no SMTP server is configured', async () => {
    const logged: object[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Bolsa <no-reply@bolsa.local>',
      logger: { info: (object) => logged.push(object) },
    });
    await mailer.send({ to: 'ana@example.com', subject: 'Hola', text: 'Uno' });
    await mailer.send({ to: 'luis@example.com', subject: 'Hola', text: 'Dos' });
    expect(mailer.outbox().map((mail) => mail.to)).toEqual(['luis@example.com', 'ana@example.com']);
    expect(logged).toHaveLength(2);
  });
});
