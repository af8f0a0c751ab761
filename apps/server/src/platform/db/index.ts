export { type Database, type DatabaseHandle, type Executor, migrateDatabase, openDatabase } from './client.ts';
