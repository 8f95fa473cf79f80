import { useLingui } from '@lingui/react/macro';
import { LOCALE_COOKIE } from '#shared/locale.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** The browser puts Bangla first among its languages (what it sends as Accept-Language) and no choice was made yet. */
function prefersBangla(): boolean {
  if (document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(`${LOCALE_COOKIE}=`))) return false;
  return navigator.languages[0]?.toLowerCase().startsWith('bn') ?? false;
}

/**
 * A first visit from a browser set to Bangla is offered the Bangla page (R-LANGUAGES), not redirected:
 * search engines index each address in its own language, and the English page stays the same bytes
 * for everyone (its cached answer). Drawn after hydration, fixed at the bottom, so nothing moves.
 * "No thanks" chooses English, as the switcher would, so the offer does not come back.
 */
export function LanguageOffer() {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  if (!hydrated || i18n.locale !== 'en' || !prefersBangla()) return null;
  return (
    <aside
      lang="bn"
      aria-label="ভাষা"
      className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-xl flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg"
    >
      <p className="text-sm">এই দোকানটি বাংলাতেও পড়া যায়।</p>
      <div className="flex gap-2">
        <LanguageSwitch to="bn" className="btn btn-primary btn-sm" />
        <LanguageSwitch to="en" className="btn btn-ghost btn-sm">
          <span lang="en">No thanks</span>
        </LanguageSwitch>
      </div>
    </aside>
  );
}
