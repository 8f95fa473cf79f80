import type { Database } from './client.ts';

/**
 * A statement `build` prepares, made once per database and kept with it: a read asked for at every
 * public request (a tracking miss, issue 40) otherwise has Drizzle build the same SQL each time. The
 * driver prepares it by name on each pooled connection the first time that connection runs it.
 */
export function preparedPerDatabase<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
