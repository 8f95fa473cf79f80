import type { Order } from '#shared/order.ts';
import type { Product } from '#shared/product.ts';
import { DELIVERY, placeOrder } from '../helpers/catalog.ts';
import { type FakeSslcommerz, sslcommerzEnv, startFakeSslcommerz } from '../helpers/fake-sslcommerz.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { orderRow } from '../helpers/payment-fixtures.ts';
import { call, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** SSLCommerz mode (R-SSLCOMMERZ): the shop and the browser talk to a local SSLCommerz and its hosted page. */
const sslcommerzTest = test.extend<{ fakeSslcommerz: FakeSslcommerz }>({
  fakeSslcommerz: async ({}, use) => {
    const fake = await startFakeSslcommerz();
    await use(fake);
    await fake.close();
  },
  serverOptions: async ({ fakeSslcommerz }, use) => {
    await use({ seed: true, env: sslcommerzEnv(fakeSslcommerz.url) });
  },
  allowedOrigins: async ({ fakeSslcommerz }, use) => {
    await use([fakeSslcommerz.url]);
  },
});

const LANGUAGES = [
  { prefix: '', pay: 'Pay with SSLCommerz', paidOrder: /This order is already paid/, paidFee: '(paid by card)' },
  { prefix: '/bn', pay: 'SSLCommerz দিয়ে পরিশোধ করুন', paidOrder: /এই অর্ডারের দাম আগেই পরিশোধ হয়েছে/, paidFee: '(কার্ডে পরিশোধিত)' },
] as const;

for (const language of LANGUAGES) {
  sslcommerzTest(
    `${language.prefix || '/'}: a shop order is paid on SSLCommerz’s hosted page and comes back paid`,
    async ({ page, server, fakeSslcommerz }) => {
      const [product] = (await call<Product[]>(server, 'GET', '/api/home')).body;
      if (!product) throw new Error('no demo product');
      const customer = await signUpCustomer(server, { name: 'Nusrat Jahan' });
      const placed = await placeOrder(server, customer, product._id, product.minQuantity, { shippingAddress: DELIVERY });
      const order = placed.body as Order;
      await signInBrowser(page, server, customer);

      await page.goto(`${language.prefix}/dashboard/payment/${order._id}`);
      const pay = page.getByRole('button', { name: language.pay });
      await expect(pay).toBeVisible();
      await expectAxeCleanAtEveryWidth(page, `sslcommerz payment page ${language.prefix ? 'bn' : 'en'}`);
      await pay.click();

      await expect(page).toHaveURL(new RegExp(`^${fakeSslcommerz.url}/gwprocess/v4/gw.php`));
      expect(fakeSslcommerz.lastSession().fields).toMatchObject({ value_b: language.prefix ? 'bn' : 'en' });
      await page.getByRole('button', { name: 'pay' }).click();
      await page.getByRole('button', { name: 'Return to the shop' }).click();

      await expect(page).toHaveURL(`${server.url}${language.prefix}/dashboard/payment/${order._id}?sslcommerz=paid`);
      await expect(page.getByRole('main').getByText(language.paidOrder)).toBeVisible();
      expect(await orderRow(server, order._id)).toMatchObject({ paid: true, status: 'paid' });
    },
  );

  sslcommerzTest(
    `${language.prefix || '/'}: a parcel’s fee is paid on SSLCommerz’s hosted page; cancelling first changes nothing`,
    async ({ page, server }) => {
      // Two trips to SSLCommerz's page and axe at three widths twice.
      sslcommerzTest.slow();
      const customer = await signUpCustomer(server, { name: 'Karim Mia' });
      const booked = await call<{ trackingCode: string }>(server, 'POST', '/api/consignments', {
        token: customer.token,
        body: STANDARD_PARCEL,
      });
      expect(booked.status).toBe(201);
      const { trackingCode } = booked.body;
      await signInBrowser(page, server, customer);

      await page.goto(`${language.prefix}/dashboard/parcels/${trackingCode}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('button', { name: language.pay })).toBeVisible();
      await expectAxeCleanAtEveryWidth(page, `sslcommerz parcel fee ${language.prefix ? 'bn' : 'en'}`);

      await main.getByRole('button', { name: language.pay }).click();
      await page.getByRole('button', { name: 'cancel' }).click();
      await page.getByRole('button', { name: 'Return to the shop' }).click();
      await expect(page).toHaveURL(`${server.url}${language.prefix}/dashboard/parcels/${trackingCode}?sslcommerz=cancelled`);
      await expect(main.getByRole('alert')).toBeVisible();
      await expectAxeCleanAtEveryWidth(page, `sslcommerz parcel fee cancelled ${language.prefix ? 'bn' : 'en'}`);

      await main.getByRole('button', { name: language.pay }).click();
      await page.getByRole('button', { name: 'pay' }).click();
      await page.getByRole('button', { name: 'Return to the shop' }).click();
      await expect(page).toHaveURL(`${server.url}${language.prefix}/dashboard/parcels/${trackingCode}?sslcommerz=paid`);
      await expect(main.getByText(language.paidFee)).toBeVisible();
    },
  );
}
