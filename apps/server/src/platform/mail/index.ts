import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };
export type OutboxEntry = MailMessage & { from: string; sentAtTimestamp: number };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The dev outbox's mails (newest first); empty when mail goes over SMTP. */
  outbox(): OutboxEntry[];
  close(): Promise<void>;
}

type Logger = { info(object: object, message: string): void };

const OUTBOX_SIZE_MAX = 500;

/** SMTP through nodemailer when SMTP_URL is set; otherwise a dev outbox that logs each mail and keeps it for the console. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      outbox: () => [],
      async close() {
        transport.close();
      },
    };
  }
  const entries: OutboxEntry[] = [];
  return {
    async send(message) {
      const entry = { ...message, from: options.from, sentAtTimestamp: Date.now() };
      entries.unshift(entry);
      entries.length = Math.min(entries.length, OUTBOX_SIZE_MAX);
      options.logger.info({ mail: entry }, 'dev outbox: mail not sent (no SMTP_URL)');
    },
    outbox: () => [...entries],
    async close() {},
  };
}
