import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

let operatorCounter = 0;

/** An operator of a role, created straight in the table (the console's operator management is another path), and signed in. */
export async function operatorWithRole(
  testApp: TestApp,
  role: string,
): Promise<{ id: number; token: string; email: string; password: string }> {
  operatorCounter += 1;
  const email = `${role.replace('_', '-')}.${Date.now().toString(36)}.${operatorCounter}@ops.example.com`;
  const password = `password-${operatorCounter}-of-${role}`;
  const inserted = await testApp.database.db.execute<{ id: string }>(
    sql`INSERT INTO operators (email, password_hash, role) VALUES (${email}, ${await hash(password)}, ${role}) RETURNING id`,
  );
  const login = await testApp.call<{ token: string }>('/auth/login', { isOperatorApi: true, body: { email, password } });
  if (login.body.code !== 200) throw new Error(`operator login failed: ${login.body.msg}`);
  return { id: Number(inserted.rows[0]?.id), token: login.body.data.token, email, password };
}

/** How many audit rows exist: an operator action that succeeded added exactly one. */
export async function auditCount(testApp: TestApp): Promise<number> {
  const result = await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM audit_log`);
  return Number(result.rows[0]?.n ?? 0);
}
