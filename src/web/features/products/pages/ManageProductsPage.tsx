import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { MESSAGES } from '#shared/messages.ts';
import type { Product } from '#shared/product.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { ProductLabel } from '#web/components/ProductLabel.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { formatPrice } from '#web/lib/price.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useCategories } from '../api/use-categories.ts';
import { useDeleteProduct } from '../api/use-manage-products.ts';
import { useProducts } from '../api/use-products.ts';
import { CategoriesSection } from '../components/CategoriesSection.tsx';

/**
 * Manage Products (admin): the public list, newest first, each with Edit (R-EDIT) and Delete (no
 * confirmation, R-ADMIN); the categories below (R-CATEGORY).
 */
export function ManageProductsPage() {
  useDocumentTitle('Manage Products');
  const products = useProducts();
  const deleteProduct = useDeleteProduct();
  const categories = useCategories();
  const categoryName = (id: string | null) => categories.data?.find((category) => category._id === id)?.name ?? '—';

  async function remove(product: Product) {
    try {
      await deleteProduct.mutateAsync(product._id);
      toast.success(MESSAGES.productDeleted);
    } catch (error) {
      toastApiError(error, 'The product could not be deleted. Please try again.');
    }
  }

  if (products.isPending) return <Spinner label="Loading the products" />;
  if (products.isError) return <LoadError what="the products" onRetry={() => products.refetch()} />;
  const newestFirst = [...products.data].reverse();

  return (
    <section aria-labelledby="manage-products">
      <h2 id="manage-products" className="text-xl font-semibold">
        Manage Products
      </h2>
      {newestFirst.length === 0 ? (
        <p className="mt-4 text-base-content/80">The catalogue is empty. Add a product to start selling.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm">
            <thead className="text-base-content">
              <tr>
                <th scope="col" className="hidden sm:table-cell">
                  #
                </th>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Available</th>
                <th scope="col" className="hidden md:table-cell">
                  Category
                </th>
                <th scope="col">
                  <span className="sr-only">Edit or delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((product, index) => (
                <tr key={product._id} data-testid="product-row">
                  <th scope="row" className="hidden sm:table-cell">
                    {index + 1}
                  </th>
                  <td>
                    <ProductLabel name={product.name} picture={product.picture} />
                  </td>
                  <td className="whitespace-nowrap">{formatPrice(product.price)}</td>
                  <td>{product.availableQuantity}</td>
                  <td className="hidden md:table-cell">{categoryName(product.categoryId)}</td>
                  <td className="flex gap-2">
                    <Link
                      to={`/dashboard/manageProducts/${product._id}`}
                      className="btn btn-xs btn-outline"
                      aria-label={`Edit ${product.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className="btn btn-xs btn-error btn-outline"
                      aria-label={`Delete ${product.name}`}
                      disabled={deleteProduct.isPending && deleteProduct.variables === product._id}
                      onClick={() => remove(product)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CategoriesSection />
    </section>
  );
}
