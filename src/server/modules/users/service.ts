import type { Viewer } from '#server/auth/plugin.ts';
import type { Database } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/http/errors.ts';
import { sameEmail } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { englishText } from '#shared/translate.ts';
import type { Profile, ProfileInput, Role, ShopUser, StaffRoleInput } from '#shared/user.ts';
import { profileOf, saveProfile } from '../customers/service.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import {
  cancelUnpaidOrdersOfCustomer,
  forgetCustomerOnPaidOrders,
  type ReleasePayment,
  stopPaymentsOfCustomer,
} from '../orders/service.ts';
import { forgetReviewer } from '../reviews/service.ts';
import {
  countAdmins,
  deleteUserById,
  findUserByEmail,
  listUsers,
  lockAdminRoles,
  setUserRole,
  type UserRecord,
} from './repository.ts';

export const LAST_ADMIN_MESSAGE = /*i18n*/ 'The shop needs at least one admin: make someone else admin before removing this one.';

const toShopUser = (record: UserRecord): ShopUser => ({
  _id: record.id,
  email: record.email,
  name: record.name,
  role: record.role,
});

async function requireUserByEmail(db: Database, email: string): Promise<UserRecord> {
  const found = await findUserByEmail(db, email);
  if (!found) throw notFound(englishText(/*i18n*/ 'No user has the email {email}.', { email }));
  return found;
}

/** A user may look at their own records; admins at anyone's (asked only when it matters). */
export async function assertSelfOrAdmin(
  viewer: Viewer,
  email: string,
  isAdmin: (userId: string) => Promise<boolean>,
): Promise<void> {
  if (!sameEmail(viewer.email, email) && !(await isAdmin(viewer.userId)))
    throw forbidden(/*i18n*/ 'You can only see your own account.');
}

/** The account's role; `user` for an email with no account, as for a customer (the caller may ask only of itself). */
export async function roleOfEmail(db: Database, email: string): Promise<Role> {
  return (await findUserByEmail(db, email))?.role ?? 'user';
}

export async function listShopUsers(db: Database): Promise<ShopUser[]> {
  return (await listUsers(db)).map(toShopUser);
}

export async function grantAdmin(db: Database, email: string): Promise<ShopUser> {
  const target = await requireUserByEmail(db, email);
  await setUserRole(db, target.id, 'admin');
  return toShopUser({ ...target, role: 'admin' });
}

export const ADMIN_ROLE_MESSAGE = /*i18n*/ 'This account is an admin: remove its admin rights first.';

/**
 * Gives an account a staff role, or takes it back (`user`), issue 29. An admin keeps admin: its rights
 * are removed with Remove Admin, which guards the last admin.
 */
export async function setStaffRole(db: Database, email: string, role: StaffRoleInput['role']): Promise<ShopUser> {
  return db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const target = await findUserByEmail(tx, email);
    if (!target) throw notFound(englishText(/*i18n*/ 'No user has the email {email}.', { email }));
    if (target.role === 'admin') throw conflict(ADMIN_ROLE_MESSAGE);
    await setUserRole(tx, target.id, role);
    return toShopUser({ ...target, role });
  });
}

/** The last admin cannot be removed: the check and the change happen under one lock, in one transaction. */
export async function revokeAdmin(db: Database, email: string): Promise<ShopUser> {
  return db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const target = await findUserByEmail(tx, email);
    if (!target) throw notFound(englishText(/*i18n*/ 'No user has the email {email}.', { email }));
    if (target.role === 'admin' && (await countAdmins(tx)) <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    await setUserRole(tx, target.id, 'user');
    await reachRacePoint(db, 'admin removed');
    return toShopUser({ ...target, role: 'user' });
  });
}

export interface DeletedAccount {
  user: ShopUser;
  userId: string;
  /** Whether the account had reviews, now shown as a former customer's. */
  reviewsForgotten: boolean;
}

/**
 * R-ACCOUNT-DELETE (by an admin, or by the customer in Settings): the account goes; its unpaid orders
 * are cancelled with their stock back, its paid orders stay for the shop's books without the
 * customer's name and email, and its reviews stay as a former customer's (decision 0053), all in one
 * transaction. Never the last admin.
 */
export async function deleteShopUser(
  lifecycle: OrderLifecycle,
  releasePayment: ReleasePayment,
  email: string,
  lastAdminMessage = LAST_ADMIN_MESSAGE,
): Promise<DeletedAccount> {
  const { db } = lifecycle;
  const target = await requireUserByEmail(db, email);
  await stopPaymentsOfCustomer(db, releasePayment, target.id);
  return lifecycle.change(async (moves) => {
    const { tx } = moves;
    await lockAdminRoles(tx);
    const current = await findUserByEmail(tx, email);
    if (!current) throw notFound(englishText(/*i18n*/ 'No user has the email {email}.', { email }));
    if (current.role === 'admin' && (await countAdmins(tx)) <= 1) throw conflict(lastAdminMessage);
    await cancelUnpaidOrdersOfCustomer(moves, current.id);
    await forgetCustomerOnPaidOrders(tx, current.id);
    const reviewsForgotten = await forgetReviewer(tx, current.id);
    await deleteUserById(tx, current.id);
    await reachRacePoint(db, 'user deleted');
    return { user: toShopUser(current), userId: current.id, reviewsForgotten };
  });
}

/** R-ACCOUNT-DELETE in Settings: the customer deletes their own account after typing its email. */
export function deleteOwnAccount(
  lifecycle: OrderLifecycle,
  releasePayment: ReleasePayment,
  viewer: Viewer,
  typedEmail: string,
): Promise<DeletedAccount> {
  if (!sameEmail(viewer.email, typedEmail))
    throw badRequest(MESSAGES.deletionEmailMismatch, { email: MESSAGES.deletionEmailMismatch });
  return deleteShopUser(lifecycle, releasePayment, viewer.email, MESSAGES.lastAdminSelfDeletion);
}

export async function readProfile(db: Database, email: string): Promise<Profile> {
  const target = await requireUserByEmail(db, email);
  return { email: target.email, name: target.name, ...(await profileOf(db, target.id)) };
}

export async function updateProfile(db: Database, viewer: Viewer, email: string, input: ProfileInput): Promise<Profile> {
  if (!sameEmail(viewer.email, email)) throw forbidden(/*i18n*/ 'You can only change your own profile.');
  await saveProfile(db, viewer.userId, input);
  return readProfile(db, viewer.email);
}
