import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { CataloguePage } from '#web/features/products/pages/CataloguePage.tsx';

/** The catalogue; a visitor's Order Now leads to /login first, as on the home grid (R-ROUTES). */
export function CatalogueRoute() {
  const viewer = useViewer();
  return <CataloguePage signInFirst={!viewer.isPending && !viewer.user} />;
}
