import type { Viewer } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { forbidden } from '#server/http/errors.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import { findProfile, isEmailVerified, type ProfileRecord, setEmailVerified, upsertProfile } from './repository.ts';

/*
 * What the shop keeps about a customer beside their account: the profile's address and phone and whether
 * their email is confirmed. Orders read it to place an order and users to show the profile; it imports
 * neither, so orders need not import users, which cancel a leaving customer's orders (docs/decisions/0049).
 */

/** R-PROFILE: the address and phone as the profile page shows them, empty until the customer saves them. */
export async function profileOf(db: Database, userId: string): Promise<ProfileRecord> {
  const profile = await findProfile(db, userId);
  return { address: profile?.address ?? '', phoneNumber: profile?.phoneNumber ?? '' };
}

/** R-PROFILE, and R-ORDER-ADDRESS's "Save for next time" in the placing transaction. */
export async function saveProfile(db: Database | Transaction, userId: string, profile: ProfileRecord): Promise<void> {
  await upsertProfile(db, userId, profile);
}

/** R-ORDER-ADDRESS: with no address given, the order goes to the profile's address and phone, under the customer's name. */
export async function profileAddress(tx: Transaction, viewer: Viewer): Promise<ShippingAddress | null> {
  const profile = await findProfile(tx, viewer.userId);
  if (!profile?.address || !profile.phoneNumber) return null;
  return { name: viewer.name, address: profile.address, phone: profile.phoneNumber };
}

/** R-EMAIL-VERIFY: with REQUIRE_EMAIL_VERIFICATION, a customer orders only once their email is confirmed. */
export async function assertMayOrder(db: Database, config: Config, userId: string): Promise<void> {
  if (config.requireEmailVerification && !(await isEmailVerified(db, userId))) throw forbidden(MESSAGES.verifyEmailFirst);
}

/** R-EMAIL-VERIFY: an account made through Google counts as confirmed, since Google has checked the address. */
export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await setEmailVerified(db, userId);
}
