/**
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served to the browser by a Playwright
 * route in Stripe-mode tests, so the payment page's Stripe path runs offline. Its card fields are plain
 * inputs; confirmCardPayment hands the client secret, the typed number and the billing details to
 * `window.fakeStripeConfirm`, which the test exposes and which answers as Stripe.js would.
 */
export const FAKE_STRIPE_JS = `(() => {
  function Stripe(publishableKey) {
    window.fakeStripeKeys = (window.fakeStripeKeys || []).concat(publishableKey);
    const mounted = {};
    const elements = {
      create(type) {
        const element = {
          mount(target) {
            const node = typeof target === 'string' ? document.querySelector(target) : target;
            element.input = document.createElement('input');
            element.input.setAttribute('aria-label', 'fake ' + type);
            element.input.className = 'w-full';
            node.appendChild(element.input);
          },
          on() { return element; },
          off() { return element; },
          once() { return element; },
          update() {},
          clear() {},
          focus() {},
          blur() {},
          unmount() { element.input && element.input.remove(); },
          destroy() { element.input && element.input.remove(); },
        };
        mounted[type] = element;
        return element;
      },
      getElement(type) { return mounted[typeof type === 'string' ? type : type.__elementType] || null; },
      update() {},
    };
    return {
      elements() { return elements; },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      _registerWrapper() {},
      registerAppInfo() {},
      async confirmCardPayment(clientSecret, data) {
        const number = mounted.cardNumber && mounted.cardNumber.input ? mounted.cardNumber.input.value : '';
        return window.fakeStripeConfirm(clientSecret, number, data.payment_method.billing_details);
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
