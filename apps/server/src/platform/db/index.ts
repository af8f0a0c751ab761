export { type Database, type DatabaseHandle, type Executor, migrateDatabase, openDatabase } from './client.ts';
export { databaseErrorCode, uniqueViolationConstraint } from './errors.ts';
export { executePrepared, executePreparedText } from './prepared.ts';
export { afterCommit, inTransaction } from './transaction.ts';
