import { prepareTestDatabases } from './test-database.ts';

export default async function globalSetup(): Promise<void> {
  await prepareTestDatabases();
}
