import { useParams } from 'react-router';
import { EditProductPage } from '#web/features/products/pages/EditProductPage.tsx';

export function EditProductRoute() {
  const { id = '' } = useParams();
  return <EditProductPage key={id} productId={id} />;
}
