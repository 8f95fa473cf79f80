import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { SHOP_NAME } from '#web/lib/shop.ts';
import { COMPANY } from '../company.ts';

export const FounderNoteTitle = () => <Trans>A word from our founder</Trans>;

/** The placeholder intro of R-PROFILE (a person, a contact email, a "CSE" background), as our founder's note. */
export function FounderNote() {
  const { founder } = COMPANY;
  const { i18n } = useLingui();
  const role = i18n._(founder.role);
  return (
    <figure className="rounded-box bg-base-200 p-6 sm:p-8">
      <blockquote className="text-lg text-base-content/90">
        <p>
          <Trans>
            Hi, I am {founder.name}. I studied {founder.education} (Computer Science and Engineering) and spent my first years
            after university writing software for a courier company. I saw how many parcels went missing for lack of simple
            tracking, so I started {SHOP_NAME} to build a delivery service that always knows where your goods are.
          </Trans>
        </p>
      </blockquote>
      <figcaption className="mt-4 text-sm text-base-content/80">
        <Trans>
          <span className="font-semibold text-base-content">{founder.name}</span>, {role}. Educational background:{' '}
          {founder.education}. Contact:{' '}
          <a href={`mailto:${founder.email}`} className="link link-primary">
            {founder.email}
          </a>
        </Trans>
      </figcaption>
    </figure>
  );
}

/** The founder's note with its heading, for a page other than About (the profile page, R-PROFILE). */
export function FounderIntro() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        <FounderNoteTitle />
      </h2>
      <FounderNote />
    </section>
  );
}
