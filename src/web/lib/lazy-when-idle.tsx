import { type ComponentType, lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { IDLE_PART_ATTRIBUTE, PART_HYDRATED_EVENT } from '#web/early-input.ts';
import { whenIdle } from './idle.ts';

/** Rendered after the part inside its boundary: its effect runs once the part has hydrated. */
function Arrived({ onArrived }: { onArrived: (arrived: true) => void }) {
  useEffect(() => onArrived(true), [onArrived]);
  return null;
}

/**
 * A component whose code loads once the browser is idle. In a server-rendered page its HTML is on
 * screen from the start and React hydrates it when the code arrives (selective hydration), so the
 * parts below the fold never hold up the first paint. The server renders it at once.
 *
 * It comes in its own Suspense boundary and is memoised: a parent that re-renders before the code has
 * arrived (the session check answering re-renders the navbar, the page and its cards) would otherwise
 * hand the boundary new props, and React then hydrates it at once in one long task, or throws its
 * server HTML away when the code is not there yet (R-FIRST-PAINT). Until it has hydrated, React would
 * drop a tap on it: the element around it says `waiting`, and the entry holds such taps (R-EARLY-INPUT).
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const part = lazy(async () => {
    if (typeof window !== 'undefined') await new Promise<void>((resolve) => whenIdle(resolve));
    return { default: await load() };
  });
  return memo((props: Props) => <IdlePart part={part} props={props} />);
}

function IdlePart<Props extends object>({ part: Part, props }: { part: ComponentType<Props>; props: Props }) {
  const around = useRef<HTMLDivElement>(null);
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    if (arrived) around.current?.dispatchEvent(new Event(PART_HYDRATED_EVENT, { bubbles: true }));
  }, [arrived]);
  return (
    <div ref={around} className="contents" {...{ [IDLE_PART_ATTRIBUTE]: arrived ? 'ready' : 'waiting' }}>
      <Suspense fallback={null}>
        <Part {...props} />
        <Arrived onArrived={setArrived} />
      </Suspense>
    </div>
  );
}
