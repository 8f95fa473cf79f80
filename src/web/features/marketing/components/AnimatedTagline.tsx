import { type CSSProperties, Fragment, useRef } from 'react';
import { TAGLINE_ANIMATION } from '#web/lib/ui-settings.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInViewOnce } from '#web/lib/use-in-view.ts';
import { useReducedMotion } from '#web/lib/use-reduced-motion.ts';

/**
 * The tagline (R-HOME): its letters appear 0.06 s apart, each fading in over 0.8 s, once it scrolls
 * into view. A CSS animation (styles.css, .tagline-letter) does the moving; screen readers get the
 * sentence whole; words never break across lines.
 */
export function AnimatedTagline({ text }: { text: string }) {
  const { language } = useFormat();
  const prefersReducedMotion = useReducedMotion();
  const ref = useRef<HTMLSpanElement>(null);
  const shown = useInViewOnce(ref, 0.6);
  if (prefersReducedMotion) return <p className={TAGLINE_CLASSES}>{text}</p>;
  let letterIndex = 0;
  return (
    <p className={TAGLINE_CLASSES}>
      <span className="sr-only">{text}</span>
      <span ref={ref} aria-hidden="true" data-testid="animated-tagline" data-shown={shown ? '' : undefined}>
        {text.split(' ').map((word, wordIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed sentence never move
          <Fragment key={wordIndex}>
            {wordIndex > 0 ? ' ' : null}
            <span className="inline-block whitespace-nowrap">
              {lettersOf(word, language).map((character, characterIndex) => {
                const delay: CSSProperties = {
                  animationDelay: `${letterIndex++ * TAGLINE_ANIMATION.staggerSeconds}s`,
                  animationDuration: `${TAGLINE_ANIMATION.durationSeconds}s`,
                };
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the letters of a fixed word never move
                  <span key={characterIndex} className="tagline-letter inline-block" style={delay}>
                    {character}
                  </span>
                );
              })}
            </span>
          </Fragment>
        ))}
      </span>
    </p>
  );
}

/**
 * The pieces of a word that appear one by one: its letters in English; a Bangla word whole, since its
 * vowel signs and joined consonants only read right drawn together with their letter.
 */
const lettersOf = (word: string, language: string) => (language === 'en' ? Array.from(word) : [word]);

const TAGLINE_CLASSES = 'mt-3 text-center font-display text-xl font-semibold text-secondary sm:text-2xl';
