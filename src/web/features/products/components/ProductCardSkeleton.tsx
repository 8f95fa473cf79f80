/** A card's shape while its product loads, so the grid does not jump when it arrives (R-CATALOGUE). */
export function ProductCardSkeleton() {
  return (
    <div className="card border border-base-300 bg-base-100" aria-hidden="true" data-testid="product-card-skeleton">
      <div className="skeleton aspect-[4/3] rounded-b-none" />
      <div className="card-body gap-3 p-5">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-5/6" />
        <div className="skeleton h-6 w-1/3" />
        <div className="skeleton mt-2 h-10 w-full" />
      </div>
    </div>
  );
}
