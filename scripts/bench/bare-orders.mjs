// The limit order creation is measured against: the statements of POST /api/orders' transaction (the
// customer's turn, their unpaid holdings, the stock reserved, the order, its line and its mail written), sent by
// `pg` with the app's pool size and as many concurrent callers as the HTTP benchmark has connections,
// each caller one of the benchmark's customers as each of its connections is.
// `node bare-orders.mjs <database url> <product id> <user ids, comma-separated> <connections> <seconds>`; prints JSON.
import pg from 'pg';

const [url, productId, userIdList, connections, seconds] = process.argv.slice(2);
const userIds = userIdList.split(',');
const pool = new pg.Pool({ connectionString: url, max: 10 });
const PRICE_MAX_CENTS = 99_999_999;

async function placeOrder(userId) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(727003, hashtext($1))', [userId]);
    await client.query(`select count(*)::int as orders from "orders" where ("user_id" = $1 and "status" = 'unpaid')`, [userId]);
    await client.query(
      `select "order_lines"."product_id", sum("order_lines"."quantity")::int from "order_lines"
       inner join "orders" on "orders"."id" = "order_lines"."order_id"
       where ("orders"."user_id" = $1 and "orders"."status" = 'unpaid' and "order_lines"."product_id" in ($2))
       group by "order_lines"."product_id"`,
      [userId, productId],
    );
    const reserved = await client.query(
      `update "products" set "available_quantity" = "available_quantity" - $1, "updated_at" = $2
       where ("products"."id" = $3 and "products"."available_quantity" >= $4 and "products"."min_quantity" <= $5
         and "products"."max_quantity" >= $6 and "products"."price_cents"::bigint * $7 <= $8)
       returning *`,
      [1, new Date(), productId, 1, 1, 1, 1, PRICE_MAX_CENTS],
    );
    const product = reserved.rows[0];
    if (!product) throw new Error('the benchmark product is sold out');
    const order = await client.query(
      `insert into "orders" ("id", "product_id", "user_id", "name", "picture", "quantity", "unit_price_cents",
         "price_cents", "email", "user_name", "paid", "transaction_id", "payment", "paid_at", "created_at")
       values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, default, default, default, default, default)
       returning *`,
      [
        product.id,
        userId,
        product.name,
        product.picture,
        1,
        product.price_cents,
        product.price_cents,
        'bench@example.com',
        'Bench',
      ],
    );
    const placed = order.rows[0];
    await client.query(
      `insert into "order_lines" ("id", "order_id", "product_id", "name", "picture", "quantity", "unit_price_cents",
         "price_cents", "position")
       values (default, $1, $2, $3, $4, $5, $6, $7, $8)`,
      [placed.id, product.id, product.name, product.picture, 1, product.price_cents, product.price_cents, 0],
    );
    await client.query(
      `insert into "mail_outbox" ("id", "kind", "recipient", "data", "attempts", "next_attempt_at", "last_error",
         "delivered_at", "delivered_by", "created_at")
       values (default, $1, $2, $3, default, default, default, default, default, default)`,
      [
        'order-received',
        placed.email,
        { customerName: placed.user_name, orderId: placed.id, product: placed.name, quantity: 1, totalCents: placed.price_cents },
      ],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const latencies = [];
const until = performance.now() + Number(seconds) * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: Number(connections) }, async (_, caller) => {
    while (performance.now() < until) {
      const start = performance.now();
      await placeOrder(userIds[caller % userIds.length]);
      latencies.push(performance.now() - start);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await pool.end();
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    requestsPerSecond: latencies.length / elapsed,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  }),
);
