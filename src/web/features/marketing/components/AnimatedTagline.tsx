import { motion, useReducedMotion, type Variants } from 'motion/react';
import { Fragment } from 'react';
import { TAGLINE_ANIMATION } from '#web/lib/ui-settings.ts';

const line: Variants = {
  hidden: {},
  visible: { transition: { staggerChildren: TAGLINE_ANIMATION.staggerSeconds } },
};

const letter: Variants = {
  hidden: { opacity: 0, y: 12 },
  visible: { opacity: 1, y: 0, transition: { duration: TAGLINE_ANIMATION.durationSeconds } },
};

/**
 * The tagline (R-HOME): its letters appear 0.06 s apart, each fading in over 0.8 s, once it scrolls
 * into view. Screen readers get the sentence whole; words never break across lines.
 */
export function AnimatedTagline({ text }: { text: string }) {
  const prefersReducedMotion = useReducedMotion();
  if (prefersReducedMotion) return <p className={TAGLINE_CLASSES}>{text}</p>;
  const words = text.split(' ');
  return (
    <p className={TAGLINE_CLASSES}>
      <span className="sr-only">{text}</span>
      <motion.span
        aria-hidden="true"
        data-testid="animated-tagline"
        initial="hidden"
        whileInView="visible"
        viewport={{ once: true, amount: 0.6 }}
        variants={line}
      >
        {words.map((word, wordIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed sentence never move
          <Fragment key={wordIndex}>
            {wordIndex > 0 ? ' ' : null}
            <span className="inline-block whitespace-nowrap">
              {Array.from(word).map((character, characterIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the letters of a fixed word never move
                <motion.span key={characterIndex} variants={letter} className="inline-block">
                  {character}
                </motion.span>
              ))}
            </span>
          </Fragment>
        ))}
      </motion.span>
    </p>
  );
}

const TAGLINE_CLASSES = 'mt-3 text-center font-display text-xl font-semibold text-secondary sm:text-2xl';
