import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { COUNTERS } from '#web/lib/ui-settings.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useInViewOnce } from '#web/lib/use-in-view.ts';
import { useReducedMotion } from '#web/lib/use-reduced-motion.ts';

/** Long enough to see the numbers climb, short enough that nobody waits for them. */
const COUNT_UP_MS = 2000;
/** Fast at first, slowing into the final number (a cubic ease-out). */
const easeOut = (progress: number) => 1 - (1 - progress) ** 3;

/** Calls `show` with the numbers from 0 to `value`, once per frame for COUNT_UP_MS; returns a stop. */
function countUp(value: number, show: (shown: number) => void): () => void {
  let frame = 0;
  const start = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - start) / COUNT_UP_MS);
    show(Math.round(easeOut(progress) * value));
    if (progress < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

function CountUp({ value, running }: { value: number; running: boolean }) {
  const { i18n } = useLingui();
  // The spec's figures are written without a thousands mark ("1251"), in the page's digits.
  const count = (shown: number) => i18n.number(shown, { useGrouping: false });
  const prefersReducedMotion = useReducedMotion();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!running) return;
    if (prefersReducedMotion) {
      setShown(value);
      return;
    }
    return countUp(value, setShown);
  }, [running, value, prefersReducedMotion]);
  return (
    <>
      <span aria-hidden="true" data-testid="counter-value" className="tabular-nums">
        {count(shown)}
      </span>
      <span className="sr-only">{count(value)}</span>
    </>
  );
}

/** The counters (R-COUNTERS), counting up from zero the first time they scroll into view, and the booking call. */
export function Counters() {
  const inPageLanguage = useInPageLanguage();
  const ref = useRef<HTMLDListElement>(null);
  const inView = useInViewOnce(ref, 0.5);
  return (
    <section aria-labelledby="counters-heading" className="bg-primary px-4 py-16 text-primary-content sm:py-20">
      <div className="mx-auto max-w-7xl">
        <h2 id="counters-heading" className="text-center text-3xl font-bold sm:text-4xl">
          <Trans>Trusted by businesses and families</Trans>
        </h2>
        <dl ref={ref} className="mt-12 grid grid-cols-2 gap-8 text-center lg:grid-cols-4" data-testid="counters">
          {COUNTERS.map((counter) => (
            <div key={counter.value} className="flex flex-col-reverse gap-2">
              <dt className="text-sm font-medium tracking-wide text-white/85 uppercase sm:text-base">
                {inPageLanguage(counter.label)}
              </dt>
              <dd className="font-display text-4xl font-bold sm:text-5xl">
                <CountUp value={counter.value} running={inView} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-14 flex flex-col items-center gap-4 text-center">
          <p className="max-w-xl text-lg text-white/90">
            <Trans>A truck, a pallet slot or a same day courier: tell us what needs to move and we will plan it with you.</Trans>
          </p>
          <Link to="/ship" className="btn btn-accent btn-lg">
            <Trans>Book a Transport Now</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
