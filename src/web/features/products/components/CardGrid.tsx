import type { ReactNode } from 'react';

/** The product cards' columns (R-GRID): one on phones, two on tablets, four on wide screens; home and catalogue alike. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4" data-testid="product-grid">
      {children}
    </div>
  );
}
