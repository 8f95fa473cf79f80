import { composeMail, type RenderedMail, type Shop } from './layout.ts';

export function welcomeMail(shop: Shop, account: { customerName: string }): RenderedMail {
  return composeMail(shop, `Welcome to ${shop.name}`, `Hello ${account.customerName},`, [
    `Your ${shop.name} account is ready. You can order from our catalogue and follow your orders in My Orders.`,
    { label: 'Visit the shop', link: shop.publicUrl },
  ]);
}
