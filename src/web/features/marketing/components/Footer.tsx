import { SHOP_NAME } from '../../../lib/shop.ts';

export function Footer() {
  return (
    <footer className="bg-neutral px-4 py-10 text-neutral-content">
      <p className="text-center text-sm">
        © {new Date().getFullYear()} {SHOP_NAME}
      </p>
    </footer>
  );
}
