import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerRedaction } from './log-redaction.ts';
import { requestLoggerFactory } from './request-logger.ts';

describe('log lines never carry account numbers, tokens, passwords or codes', () => {
  it('redacts them in an error from the database and in logged objects', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        output += String(chunk);
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, ...loggerRedaction }, childLoggerFactory: requestLoggerFactory });
    app.post('/fails', async (request) => {
      request.log.info(
        {
          body: { password: 'hunter22secret', payPassword: '135790', code: '864213', token: 'tok_abcdef', cardNumber: '4111111111111111' },
        },
        'a body',
      );
      const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
        detail: 'Key (card_number)=(4111111111111111) already exists.',
      });
      throw Object.assign(
        new Error('Failed query: insert into bank_cards (card_number, holder) values ($1, $2)\nparams: 4111111111111111,Ana'),
        {
          query: 'insert into bank_cards (card_number, holder) values ($1, $2)',
          params: ['4111111111111111', 'Ana'],
          cause,
        },
      );
    });
    await app.inject({ method: 'POST', url: '/fails', payload: {}, headers: { authorization: 'secret-session-token' } });
    await app.close();
    expect(output).toContain('Failed query: insert into bank_cards');
    expect(output).toContain('1111');
    for (const secret of ['4111111111111111', 'hunter22secret', '135790', '864213', 'tok_abcdef', 'secret-session-token']) {
      expect(output).not.toContain(secret);
    }
  });
});
