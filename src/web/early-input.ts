/**
 * What a visitor does on the server-rendered page before the app has hydrated is kept and handed to the
 * app once it has (R-EARLY-INPUT). Without this, a tap on a button does nothing, a link skips the app's
 * own handling (a visitor's Order Now goes to the product, not to /login), and a form is submitted by
 * the browser itself: a GET to the same page with every named field, the password too, in the address.
 * This file is part of the entry, so it holds the taps from the first paint on.
 */

/** The app dispatches this on the document once hydration has committed; see `announceHydrated`. */
const HYDRATED_EVENT = 'shop:hydrated';

/** A link held this long with no app to hand it to is followed by the browser. */
const LINK_FALLBACK_MS = 5000;

const TAPPABLE = 'a[href], button, input[type="submit"], input[type="image"]';

/** Called by the app's root once the server's page is hydrated (or, with no server page, first drawn). */
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

function handOverFields(): void {
  for (const field of document.querySelectorAll('input, textarea, select')) {
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

export function keepEarlyInput(): void {
  const heldTaps: Element[] = [];
  let hydrated = false;

  function holdTap(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
    if (hydrated || !target || leftToTheBrowser(event, target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!heldTaps.includes(target)) heldTaps.push(target);
    if (target instanceof HTMLAnchorElement) {
      const link = target;
      setTimeout(() => {
        if (!hydrated) location.assign(link.href);
      }, LINK_FALLBACK_MS);
    }
  }

  /** A form with no submit button is submitted by Enter without a click: it is held as its first field's tap. */
  function holdSubmit(event: SubmitEvent): void {
    if (hydrated || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    const form = event.target;
    if (!heldTaps.includes(form)) heldTaps.push(form);
  }

  document.addEventListener('click', holdTap, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener(
    HYDRATED_EVENT,
    () => {
      hydrated = true;
      document.removeEventListener('click', holdTap, true);
      document.removeEventListener('submit', holdSubmit, true);
      handOverFields();
      // The fields' changes are React state updates, applied before the next task: the taps come after.
      setTimeout(() => {
        for (const tap of heldTaps) {
          if (!tap.isConnected) continue;
          if (tap instanceof HTMLFormElement) tap.requestSubmit();
          else if (tap instanceof HTMLElement) tap.click();
        }
      }, 0);
    },
    { once: true },
  );
}
