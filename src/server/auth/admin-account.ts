import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { Auth } from './auth.ts';

export const ADMIN_DISPLAY_NAME = /*i18n*/ 'Shop Admin';

/** Makes sure the configured admin can sign in and has the admin role; an existing account keeps its password. */
export async function ensureAdmin(auth: Auth, db: Database, admin: { email: string; password: string }): Promise<void> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, admin.email)).limit(1);
  if (!existing) {
    await auth.api.signUpEmail({ body: { name: ADMIN_DISPLAY_NAME, email: admin.email, password: admin.password } });
  }
  await db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.email, admin.email));
}
