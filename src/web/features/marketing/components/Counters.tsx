import { animate, useInView, useReducedMotion } from 'motion/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { COUNTERS } from '#web/lib/ui-settings.ts';

/** Long enough to see the numbers climb, short enough that nobody waits for them. */
const COUNT_UP_SECONDS = 2;

function CountUp({ value, running }: { value: number; running: boolean }) {
  const prefersReducedMotion = useReducedMotion();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!running) return;
    if (prefersReducedMotion) {
      setShown(value);
      return;
    }
    const controls = animate(0, value, {
      duration: COUNT_UP_SECONDS,
      ease: 'easeOut',
      onUpdate: (latest) => setShown(Math.round(latest)),
    });
    return () => controls.stop();
  }, [running, value, prefersReducedMotion]);
  return (
    <>
      <span aria-hidden="true" data-testid="counter-value" className="tabular-nums">
        {shown}
      </span>
      <span className="sr-only">{value}</span>
    </>
  );
}

/** The counters (R-COUNTERS), counting up from zero the first time they scroll into view, and the booking call. */
export function Counters() {
  const ref = useRef<HTMLDListElement>(null);
  const inView = useInView(ref, { once: true, amount: 0.5 });
  return (
    <section aria-labelledby="counters-heading" className="bg-primary px-4 py-16 text-primary-content sm:py-20">
      <div className="mx-auto max-w-7xl">
        <h2 id="counters-heading" className="text-center text-3xl font-bold sm:text-4xl">
          Trusted by businesses and families
        </h2>
        <dl ref={ref} className="mt-12 grid grid-cols-2 gap-8 text-center lg:grid-cols-4" data-testid="counters">
          {COUNTERS.map((counter) => (
            <div key={counter.label} className="flex flex-col-reverse gap-2">
              <dt className="text-sm font-medium tracking-wide text-white/85 uppercase sm:text-base">{counter.label}</dt>
              <dd className="font-display text-4xl font-bold sm:text-5xl">
                <CountUp value={counter.value} running={inView} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-14 flex flex-col items-center gap-4 text-center">
          <p className="max-w-xl text-lg text-white/90">
            A truck, a pallet slot or a same day courier: tell us what needs to move and we will plan it with you.
          </p>
          <Link to="/about#contact" className="btn btn-accent btn-lg">
            Book a Transport Now
          </Link>
        </div>
      </div>
    </section>
  );
}
