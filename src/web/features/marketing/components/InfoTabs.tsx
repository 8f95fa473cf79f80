import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface InfoTab {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * The info tabs (R-BLOG), one open at a time, following the WAI-ARIA tabs pattern: the arrow keys,
 * Home and End move between tabs and open them; Tab moves on into the open panel.
 */
export function InfoTabs({ tabs, label }: { tabs: readonly InfoTab[]; label: string }) {
  const [active, setActive] = useState(0);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-col gap-2 border-b border-base-300 sm:flex-row sm:gap-0"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === active}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            className={`-mb-px border-b-4 px-5 py-3 text-left text-sm font-semibold tracking-wider transition sm:text-center ${
              index === active
                ? 'border-secondary bg-base-100 text-secondary'
                : 'border-transparent text-base-content/75 hover:text-base-content'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== active}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel without focusable content reachable
          tabIndex={0}
          className="py-6 text-base-content/85 focus-visible:outline-2 focus-visible:outline-primary"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
