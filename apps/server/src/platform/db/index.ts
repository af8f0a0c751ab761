export { type Database, type DatabaseHandle, type Executor, migrateDatabase, openDatabase } from './client.ts';
export {
  databaseErrorCode,
  ledgerRefusals,
  type RefusalState,
  refusalOf,
  type SqlState,
  sqlStates,
  uniqueViolationConstraint,
} from './errors.ts';
export { createGroupQueue, type GroupQueueOptions, type GroupQueueStats } from './group-queue.ts';
export { executePrepared, executePreparedText } from './prepared.ts';
export { afterCommit, inSavepoint, inTransaction, retryingConflicts } from './transaction.ts';
