import type { ReactNode } from 'react';

/** The marketing sections' one heading style: a small eyebrow line, the title, an optional intro. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: 'light' | 'dark';
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={`text-sm font-semibold tracking-[0.2em] uppercase ${tone === 'dark' ? 'text-accent' : 'text-secondary'}`}>
        {eyebrow}
      </p>
      <h2 id={id} className={`mt-2 text-3xl font-bold sm:text-4xl ${tone === 'dark' ? 'text-white' : 'text-base-content'}`}>
        {title}
      </h2>
      {children ? (
        <p className={`mt-4 text-base ${tone === 'dark' ? 'text-white/85' : 'text-base-content/75'}`}>{children}</p>
      ) : null}
    </div>
  );
}
