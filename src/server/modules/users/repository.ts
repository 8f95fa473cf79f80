import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { user } from '#server/db/schema.ts';
import type { Role } from '#shared/user.ts';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: Role;
}

const userColumns = { id: user.id, email: user.email, name: user.name, role: user.role };

export async function findUserByEmail(db: Database | Transaction, email: string): Promise<UserRecord | undefined> {
  const [row] = await db.select(userColumns).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row;
}

export function listUsers(db: Database): Promise<UserRecord[]> {
  return db.select(userColumns).from(user).orderBy(asc(user.createdAt), asc(user.email));
}

export async function setUserRole(db: Database | Transaction, id: string, role: Role): Promise<void> {
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, id));
}

export async function countAdmins(db: Database | Transaction): Promise<number> {
  return db.$count(user, eq(user.role, 'admin'));
}

/** Serializes role changes so two admins removing each other cannot leave the shop with none. */
export async function lockAdminRoles(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
}

/** Deletes the account with its sessions, sign-in methods and profile; orders and reviews keep their copies. */
export async function deleteUserById(tx: Transaction, id: string): Promise<void> {
  await tx.delete(user).where(eq(user.id, id));
}
