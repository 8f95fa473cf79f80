import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { Category } from '#shared/category.ts';
import { LIMITS } from '#shared/limits.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useCategories, useChangeCategory } from '../api/use-categories.ts';

const nameOf = (event: FormEvent<HTMLFormElement>) => String(new FormData(event.currentTarget).get('name') ?? '');

/** One category with its rename and delete; the server checks the name (R-CATEGORY). */
function CategoryRow({ category }: { category: Category }) {
  const { t } = useLingui();
  const change = useChangeCategory();
  const rename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ kind: 'rename', id: category._id, input: { name: nameOf(event) } });
      toast.success(/*i18n*/ 'Category renamed');
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The category could not be renamed. Please try again.');
    }
  };
  const remove = async () => {
    try {
      await change.mutateAsync({ kind: 'delete', id: category._id });
      toast.success(/*i18n*/ 'Category deleted; its products have no category now');
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The category could not be deleted. Please try again.');
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid="category-row">
      <form className="join" onSubmit={rename}>
        <label className="sr-only" htmlFor={`category-${category._id}`}>
          <Trans>Name of {category.name}</Trans>
        </label>
        <input
          id={`category-${category._id}`}
          name="name"
          defaultValue={category.name}
          maxLength={LIMITS.categoryNameMaxLength}
          className="input input-sm join-item"
        />
        <button type="submit" className="btn btn-sm join-item" disabled={change.isPending}>
          <Trans>Rename</Trans>
        </button>
      </form>
      <ConfirmButton
        label={t`Delete`}
        ariaLabel={t`Delete category ${category.name}`}
        className="btn btn-xs btn-error btn-outline"
        disabled={change.isPending}
        question={t`Delete the category ${category.name}?`}
        details={t`Its products stay in the shop, without a category, until you give them another.`}
        onConfirm={() => void remove()}
      />
    </li>
  );
}

/** Manage Products' list of categories: add, rename, delete (admin, R-CATEGORY). */
export function CategoriesSection() {
  const { t } = useLingui();
  const categories = useCategories();
  const change = useChangeCategory();
  const [name, setName] = useState('');
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ kind: 'add', input: { name } });
      setName('');
      toast.success(/*i18n*/ 'Category added');
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The category could not be added. Please try again.');
    }
  };
  return (
    <section aria-labelledby="categories-heading" className="mt-10">
      <h2 id="categories-heading" className="text-xl font-semibold">
        <Trans>Categories</Trans>
      </h2>
      {categories.isPending ? (
        <Spinner label={t`Loading the categories`} />
      ) : categories.isError ? (
        <LoadError what={t`the categories`} onRetry={() => categories.refetch()} />
      ) : (
        <ul className="mt-4 flex flex-col gap-2">
          {categories.data.map((category) => (
            <CategoryRow key={`${category._id}:${category.name}`} category={category} />
          ))}
        </ul>
      )}
      <form className="join mt-4" onSubmit={add}>
        <label className="sr-only" htmlFor="new-category">
          <Trans>New category</Trans>
        </label>
        <input
          id="new-category"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t`New category`}
          maxLength={LIMITS.categoryNameMaxLength}
          className="input input-sm join-item"
        />
        <button type="submit" className="btn btn-sm btn-primary join-item" disabled={change.isPending}>
          <Trans>Add category</Trans>
        </button>
      </form>
    </section>
  );
}
