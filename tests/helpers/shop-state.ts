import { orders, paymentIntents, products, reviews, user, userProfiles } from '#server/db/schema.ts';
import type { TestServer } from './test-server.ts';

/**
 * Everything a refused request must leave as it was: accounts, profiles, products, orders, payments and
 * reviews, row by row (sessions are left out: they come and go with every sign-in).
 */
export async function shopState(server: TestServer) {
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  const [users, profiles, catalogue, orderRows, payments, reviewRows] = await Promise.all([
    server.db.select().from(user),
    server.db.select().from(userProfiles),
    server.db.select().from(products),
    server.db.select().from(orders),
    server.db.select().from(paymentIntents),
    server.db.select().from(reviews),
  ]);
  return {
    users: byId(users),
    profiles: profiles.sort((a, b) => a.userId.localeCompare(b.userId)),
    products: byId(catalogue),
    orders: byId(orderRows),
    payments: byId(payments),
    reviews: byId(reviewRows),
  };
}
