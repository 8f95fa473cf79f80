/**
 * What a visitor does on the server-rendered page before the app has hydrated is kept and handed to the
 * app once it has (R-EARLY-INPUT). Without this, a tap on a button does nothing, a link skips the app's
 * own handling (a visitor's Order Now goes to the product, not to /login), and a form is submitted by
 * the browser itself: a GET to the same page with every named field, the password too, in the address.
 * This file is part of the entry, so it holds the taps from the first paint on.
 */

/** The app dispatches this on the document once hydration has committed; see `announceHydrated`. */
const HYDRATED_EVENT = 'shop:hydrated';

/** A part whose code loads when the browser is idle dispatches this (bubbling) once it has hydrated. */
export const PART_HYDRATED_EVENT = 'shop:part-hydrated';

/** The attribute on the element around such a part: `waiting` until its code has hydrated it, then `ready`. */
export const IDLE_PART_ATTRIBUTE = 'data-idle-part';

const WAITING_PART = `[${IDLE_PART_ATTRIBUTE}="waiting"]`;

/** A link held this long with no app to hand it to is followed by the browser. */
const LINK_FALLBACK_MS = 5000;

const TAPPABLE = 'a[href], button, input[type="submit"]';

/**
 * Called by the app's root once the server's page is hydrated (or, with no server page, first drawn) and
 * knows who is looking: the held taps are replayed.
 */
export function announceHydrated(): void {
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

/** A tap the browser would hand to a new tab, a download or another page is not the app's to keep. */
function leftToTheBrowser(event: MouseEvent, target: Element): boolean {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return true;
  if (!(target instanceof HTMLAnchorElement)) return false;
  return (
    (target.target !== '' && target.target !== '_self') || target.hasAttribute('download') || target.origin !== location.origin
  );
}

/**
 * React keeps a field's typed value on hydration but not in its state. Setting the value through the
 * element's own setter tells React the field holds its rendered value; setting the typed value past that
 * setter and announcing an input is then a change React passes to the field's onChange.
 */
function handOverTypedValue(field: HTMLInputElement | HTMLTextAreaElement): void {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  const typed = field.value;
  field.value = field.defaultValue;
  setValue?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Gives React what was typed, chosen or ticked in `scope` before it hydrated. The app calls this at its
 * first commit: the next render of a controlled field writes React's value over the typed one, and the
 * session check's answer re-renders the page before the taps may be replayed.
 */
export function handOverFields(scope: ParentNode): void {
  for (const field of scope.querySelectorAll('input, textarea, select')) {
    if (field.closest(WAITING_PART)) continue;
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected))
        field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      const chosen = field.type === 'checkbox' ? field.checked !== field.defaultChecked : field.checked && !field.defaultChecked;
      if (chosen) {
        field.checked = field.defaultChecked;
        field.click();
      }
    } else if (
      (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
      field.value !== field.defaultValue
    ) {
      handOverTypedValue(field);
    }
  }
}

/**
 * Held: every tap and submission until the app has hydrated, and after that those inside a part whose
 * code has not arrived yet (React drops a click on a part it cannot hydrate yet).
 */
export function keepEarlyInput(): void {
  const heldTaps: Element[] = [];
  let hydrated = false;

  const answered = (element: Element) => hydrated && !element.closest(WAITING_PART);

  function hold(event: Event, tap: Element): void {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!heldTaps.includes(tap)) heldTaps.push(tap);
  }

  function holdTap(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
    if (!target || answered(target) || leftToTheBrowser(event, target)) return;
    hold(event, target);
    if (target instanceof HTMLAnchorElement) {
      const link = target;
      setTimeout(() => {
        if (heldTaps.includes(link)) location.assign(link.href);
      }, LINK_FALLBACK_MS);
    }
  }

  /** A form with no submit button is submitted by Enter without a click: the form itself is held. */
  function holdSubmit(event: SubmitEvent): void {
    if (event.target instanceof HTMLFormElement && !answered(event.target)) hold(event, event.target);
  }

  /** The fields' changes are React state updates, applied before the next task: the taps come after. */
  function replayTaps(): void {
    setTimeout(() => {
      for (const tap of heldTaps.filter(answered)) {
        heldTaps.splice(heldTaps.indexOf(tap), 1);
        if (!tap.isConnected) continue;
        if (tap instanceof HTMLFormElement) tap.requestSubmit();
        else if (tap instanceof HTMLElement) tap.click();
      }
    }, 0);
  }

  document.addEventListener('click', holdTap, true);
  document.addEventListener('submit', holdSubmit, true);
  // The page's fields were handed over at its first commit (handOverFields): only the taps are left.
  document.addEventListener(
    HYDRATED_EVENT,
    () => {
      hydrated = true;
      replayTaps();
    },
    { once: true },
  );
  document.addEventListener(PART_HYDRATED_EVENT, (event) => {
    if (!(event.target instanceof Element)) return;
    handOverFields(event.target);
    replayTaps();
  });
}
