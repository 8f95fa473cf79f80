import type { PublicReads } from '#server/cache/public-reads.ts';
import type { Database } from '#server/db/client.ts';
import { CatalogueSnapshot, type SearchResult } from './catalogue-snapshot.ts';
import { findProducts, listRankedProducts, type ProductSearch, searchProducts } from './repository.ts';

/**
 * The catalogue's search answered from memory (decision 35): every product is read once, then only
 * the products a change names are read again, as the public reads hear of them (here or from another
 * instance through the change bus). While other instances' changes cannot be heard, the database
 * answers instead.
 */
export class CatalogueInMemory {
  private snapshot: CatalogueSnapshot | undefined;
  private readAt = 0;
  private everything = true;
  private readonly changed = new Set<string>();
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly reads: PublicReads,
  ) {
    reads.watchProducts((productId) => {
      if (productId === undefined) this.everything = true;
      else this.changed.add(productId);
    });
  }

  async search(search: ProductSearch): Promise<SearchResult> {
    if (!this.reads.isServing) return searchProducts(this.db, search);
    // As old as a kept answer may be, it is read again when another instance's announcement may have
    // been lost; an instance alone hears each of its own changes, and spares itself the whole read.
    if (this.reads.hearsOthers && !this.reads.stillCurrent(this.readAt)) this.everything = true;
    // Every change heard before this search is taken in; one heard during a refresh takes another.
    while (this.everything || this.changed.size > 0) {
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = undefined;
      });
      await this.refreshing;
    }
    return (this.snapshot as CatalogueSnapshot).search(search);
  }

  private async refresh(): Promise<void> {
    const ids = [...this.changed];
    const everything = this.everything || !this.snapshot;
    this.changed.clear();
    this.everything = false;
    try {
      if (everything) {
        const readAt = this.reads.clock();
        this.snapshot = new CatalogueSnapshot(await listRankedProducts(this.db));
        this.readAt = readAt;
      } else if (!this.snapshot?.patch(ids, await findProducts(this.db, ids))) {
        this.everything = true;
      }
    } catch (error) {
      // What was not read stays to be read by the next search.
      this.everything = true;
      throw error;
    }
  }
}
