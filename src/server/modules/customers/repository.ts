import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { user, userProfiles } from '#server/db/schema.ts';

export interface ProfileRecord {
  address: string;
  phoneNumber: string;
}

export async function findProfile(db: Database | Transaction, userId: string): Promise<ProfileRecord | undefined> {
  const [row] = await db
    .select({ address: userProfiles.address, phoneNumber: userProfiles.phoneNumber })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .limit(1);
  return row;
}

export async function upsertProfile(db: Database | Transaction, userId: string, profile: ProfileRecord): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ userId, ...profile })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ...profile, updatedAt: new Date() } });
}

export async function setEmailVerified(db: Database, id: string): Promise<void> {
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, id));
}

export async function isEmailVerified(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, id)).limit(1);
  return row?.verified ?? false;
}
