import { useState } from 'react';

/**
 * Where a keyset-paged list stands (decision 126): the cursors of the pages walked so far, so "Newer"
 * goes back to the page shown before without the server walking backwards. A new filter starts again.
 */
export function useKeysetPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors.at(-1),
    isFirst: cursors.length === 1,
    onward: (next: string) => setCursors((walked) => [...walked, next]),
    back: () => setCursors((walked) => (walked.length > 1 ? walked.slice(0, -1) : walked)),
    restart: () => setCursors([undefined]),
  };
}
