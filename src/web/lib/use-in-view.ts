import { type RefObject, useEffect, useState } from 'react';

/** True once `amount` (0–1) of the element has been on screen; it stays true (animations that play once). */
export function useInViewOnce(ref: RefObject<Element | null>, amount: number): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { threshold: amount },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, amount, seen]);
  return seen;
}
