import { composeMail, type RenderedMail, type Writer } from './layout.ts';

export function welcomeMail(writer: Writer, account: { customerName: string }): RenderedMail {
  const { i18n, shop } = writer;
  return composeMail(writer, i18n._('Welcome to {shop}', { shop: shop.name }), writer.hello(account.customerName), [
    i18n._('Your {shop} account is ready. You can order from our catalogue and follow your orders in My Orders.', {
      shop: shop.name,
    }),
    { label: i18n._('Visit the shop'), link: writer.page('/') },
  ]);
}
