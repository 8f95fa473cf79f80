import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { forbidden, unauthorized } from '#server/http/errors.ts';
import { sessionCookieSecurity } from '#server/http/openapi.ts';
import { deleteAccountSchema, emailParamsSchema, emailSchema, sameEmail } from '#shared/auth.ts';
import { textField } from '#shared/text-field.ts';
import { profileInputSchema, profileSchema, ROLES, staffRoleSchema, userSchema } from '#shared/user.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import type { ReleasePayment } from '../orders/service.ts';
import {
  assertSelfOrAdmin,
  type DeletedAccount,
  deleteOwnAccount,
  deleteShopUser,
  grantAdmin,
  listShopUsers,
  readProfile,
  revokeAdmin,
  roleOfEmail,
  setStaffRole,
  updateProfile,
} from './service.ts';

export interface UserRouteOptions {
  db: Database;
  /** A deleted account's unpaid orders are cancelled through it (R-ACCOUNT-DELETE). */
  lifecycle: OrderLifecycle;
  config: Config;
  releasePayment: ReleasePayment;
}

export const userRoutes: FastifyPluginAsyncZod<UserRouteOptions> = async (app, { db, lifecycle, config, releasePayment }) => {
  /** After a deletion committed: its access tokens stop here and on every instance, and so do its names on testimonials. */
  const deletionCommitted = ({ user, userId, reviewsForgotten }: DeletedAccount) => {
    // Its sessions went with it in the database (R-SESSION-END).
    app.liveSessions.usersEnded([userId]);
    if (reviewsForgotten) app.publicReads.testimonialsChanged();
    return user;
  };

  app.get(
    '/api/sign-in-options',
    {
      schema: {
        operationId: 'getSignInOptions',
        tags: ['users'],
        summary: 'Sign-in methods this server offers',
        response: { 200: z.object({ google: z.boolean(), emailVerification: z.boolean() }) },
      },
    },
    async () => ({ google: Boolean(config.google), emailVerification: config.requireEmailVerification }),
  );

  app.put(
    '/api/user/:email',
    {
      schema: {
        operationId: 'issueAccessToken',
        tags: ['users'],
        summary: 'Issue an access token for the signed-in session, for its own email only',
        params: emailParamsSchema,
        body: z.object({ email: emailSchema.optional() }).optional(),
        security: sessionCookieSecurity,
        errors: [403],
        response: { 200: z.object({ token: z.string() }) },
      },
    },
    async (request) => {
      const session = await app.sessionOf(request);
      if (!session) throw unauthorized(/*i18n*/ 'Sign in first: there is no session to issue a token for.');
      if (!sameEmail(session.user.email, request.params.email))
        throw forbidden(/*i18n*/ 'A token is only issued for your own email.');
      const { token } = await app.auth.api.getToken({ headers: fromNodeHeaders(request.headers) });
      return { token };
    },
  );

  app.get(
    '/api/admin/:email',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getAdminStatus',
        tags: ['users'],
        summary: 'Whether a user is an admin, and the account’s role (a staff role: operator, rider; issue 29)',
        params: emailParamsSchema,
        errors: [403],
        response: { 200: z.object({ admin: z.boolean(), role: z.enum(ROLES) }) },
      },
    },
    async (request) => {
      await assertSelfOrAdmin(viewerOf(request), request.params.email, app.isAdmin);
      const role = await roleOfEmail(db, request.params.email);
      return { admin: role === 'admin', role };
    },
  );

  app.get(
    '/api/user',
    {
      onRequest: app.requireAdmin,
      schema: { operationId: 'listUsers', tags: ['users'], summary: 'All users (admin)', response: { 200: z.array(userSchema) } },
    },
    async () => listShopUsers(db),
  );

  app.put(
    '/api/user/admin/:email',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'makeAdmin',
        tags: ['users'],
        summary: 'Make a user admin (admin)',
        params: emailParamsSchema,
        errors: [404],
        response: { 200: userSchema },
      },
    },
    async (request) => grantAdmin(db, request.params.email),
  );

  app.put(
    '/api/admin/users/:email/role',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'setStaffRole',
        tags: ['users'],
        summary:
          'Give an account a staff role (admin): `operator` (hub staff: scans), `rider` (delivers), or `user` to take it back; an admin keeps admin (Remove Admin first)',
        params: emailParamsSchema,
        body: staffRoleSchema,
        errors: [404, 409],
        response: { 200: userSchema },
      },
    },
    async (request) => setStaffRole(db, request.params.email, request.body.role),
  );

  app.delete(
    '/api/adminRemove/:email',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'removeAdmin',
        tags: ['users'],
        summary: 'Remove admin rights (admin); never the last admin',
        params: emailParamsSchema,
        errors: [404, 409],
        response: { 200: userSchema },
      },
    },
    async (request) => revokeAdmin(db, request.params.email),
  );

  app.delete(
    '/api/users/:email',
    {
      onRequest: app.requireAdmin,
      schema: {
        operationId: 'deleteUser',
        tags: ['users'],
        summary: 'Delete an account (admin): its unpaid orders are cancelled with their stock back, paid orders stay',
        params: emailParamsSchema,
        errors: [404, 409],
        response: { 200: userSchema },
      },
    },
    async (request) => deletionCommitted(await deleteShopUser(lifecycle, releasePayment, request.params.email)),
  );

  app.delete(
    '/api/user',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'deleteOwnAccount',
        tags: ['users'],
        summary:
          'Delete your own account, typing its email to confirm: unpaid orders cancelled, paid ones kept without your name and email',
        body: deleteAccountSchema,
        errors: [400, 409],
        response: { 200: userSchema },
      },
    },
    async (request) =>
      deletionCommitted(await deleteOwnAccount(lifecycle, releasePayment, viewerOf(request), request.body.email)),
  );

  app.get(
    '/api/userInfo/:email',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getProfile',
        tags: ['users'],
        summary: 'A profile: your own, or anyone’s for admins',
        params: emailParamsSchema,
        errors: [403, 404],
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      await assertSelfOrAdmin(viewerOf(request), request.params.email, app.isAdmin);
      return readProfile(db, request.params.email);
    },
  );

  app.put(
    '/api/userInfo/:email',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'updateProfile',
        tags: ['users'],
        summary: 'Update your own address and phone number',
        params: emailParamsSchema,
        body: profileInputSchema.extend({ email: textField('email').optional(), name: textField('name').optional() }),
        errors: [403],
        response: { 200: profileSchema },
      },
    },
    async (request) => updateProfile(db, viewerOf(request), request.params.email, request.body),
  );
};
