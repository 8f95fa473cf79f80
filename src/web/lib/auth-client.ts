import { createAuthClient } from 'better-auth/react';

/** Better Auth's browser client for our server's /api/auth routes (cookies stay on this origin). */
export const authClient = createAuthClient({ basePath: '/api/auth' });
