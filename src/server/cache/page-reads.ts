import type { PublicAnswer } from './public-reads.ts';

/** Answers GET `prefix` + `rest` as its route would, or undefined to leave `rest` to the route. */
export type PageRead = (rest: string) => PublicAnswer | Promise<PublicAnswer> | undefined;

/**
 * Public reads a page rendered on the server makes in the process instead of through `app.inject`
 * (decision 187): the same kept answer the route sends, without a second request's routing, hooks,
 * log line and JSON round trip — most of a tracking page's miss after its render (issue 40). A read
 * not added here, or one its reader leaves, still goes through its route.
 */
export class PageReads {
  private readonly reads: [prefix: string, read: PageRead][] = [];

  add(prefix: string, read: PageRead): void {
    this.reads.push([prefix, read]);
  }

  /** The answer of `path` made in process, or undefined when it must go through its route. */
  answer(path: string): PublicAnswer | Promise<PublicAnswer> | undefined {
    for (const [prefix, read] of this.reads) if (path.startsWith(prefix)) return read(path.slice(prefix.length));
    return undefined;
  }
}
