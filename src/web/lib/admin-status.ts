/** GET /api/admin/{email}: the admin check and the account's staff role in one answer (R-ROLES). */
export const adminStatusPath = (email: string) => `/api/admin/${encodeURIComponent(email)}`;
