import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_CARD } from '#server/modules/rates/rate-card-store.ts';
import type { Booking } from '#shared/consignment.ts';
import { SERVICES, ZONES, type Zone } from '#shared/parcel-services.ts';
import type { Quote } from '#shared/quote.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A pickup in Gulshan, and a delivery address in each zone from it. */
const FROM = 'dhaka-gulshan';
const TO: Record<Zone, string> = { 'same-city': 'dhaka-mirpur', suburb: 'dhaka-savar', nationwide: 'sylhet-sylhet-sadar' };

/** Every band's edges on the shipped card, and well above its last band. */
const WEIGHTS = [
  ...new Set([1, ...DEFAULT_RATE_CARD.bandLimits.flatMap((limit) => [limit - 1, limit, limit + 1]), 12_345, 30_000, 250_000]),
];

describe('the booked price is the quoted price (issue 28)', () => {
  let server: TestServer;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer();
    sender = await signUpCustomer(server);
    // Cash to collect is a merchant's (issue 39).
    await approvedMerchant(server, await signInAdmin(server), sender);
  });
  afterAll(() => server?.stop());

  it('for every service, zone and weight band: same fee, COD charge, total and dates, or refused alike', async () => {
    let booked = 0;
    for (const zone of ZONES)
      for (const weightGrams of WEIGHTS) {
        const codAmount = (weightGrams * 37) % 250_000;
        const quote = await call<Quote>(
          server,
          'GET',
          `/api/quote?from=${FROM}&to=${TO[zone]}&weightGrams=${weightGrams}&codAmount=${codAmount}`,
        );
        expect(quote.status).toBe(200);
        expect(quote.body.zone).toBe(zone);
        for (const service of SERVICES) {
          const option = quote.body.options.find((candidate) => candidate.service === service);
          const booking = await call<Booking>(server, 'POST', '/api/consignments', {
            token: sender.token,
            body: {
              service,
              pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: FROM },
              recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: TO[zone] },
              weightGrams,
              codAmount,
              feePayment: 'card',
            },
          });
          const where = `${service} ${zone} ${weightGrams} g`;
          if (!option?.available) {
            expect(booking.status, where).toBe(400);
            continue;
          }
          expect(booking.status, where).toBe(201);
          expect(booking.body, where).toMatchObject({
            deliveryFee: option.deliveryFee,
            codFee: option.codFee,
            total: option.total,
            estimatedDelivery: option.estimatedDelivery,
          });
          booked++;
        }
      }
    // Most pairs are bookable: the comparison is not vacuous.
    expect(booked).toBeGreaterThan(60);
  });
});
