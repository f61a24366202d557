/**
 * A stand-in for Stripe.js at the script boundary, for browser tests (Stripe's hosts cannot be reached here):
 * installed before the page's scripts, it defines `window.Stripe`, so `@stripe/stripe-js` loads nothing, and
 * offers what `@stripe/react-stripe-js` and our checkout call: `elements()` whose Payment Element is one card
 * number field, and `confirmPayment`, which hands the PaymentIntent to the test (`__stripeConfirm`, exposed
 * by the test: it marks the intent paid at the Stripe stand-in and sends the signed webhook) and answers as
 * Stripe.js does. The card number 4000000000000002 is declined, as with Stripe's test cards.
 */
import type { Page } from 'playwright-core';

/** Installs the stand-in; `confirm` runs in the test for each confirmed PaymentIntent id. */
export async function installFakeStripeJs(page: Page, confirm: (intentId: string) => Promise<void>): Promise<void> {
  await page.exposeFunction('__stripeConfirm', confirm);
  await page.addInitScript(() => {
    function makeStripe() {
      let clientSecret = '';
      let input: HTMLInputElement | undefined;
      const handlers: Record<string, ((event: unknown) => void)[]> = {};
      const elements = {
        create(type: string) {
          const element = {
            mount(target: string | HTMLElement) {
              const node = typeof target === 'string' ? document.querySelector(target) : target;
              input = document.createElement('input');
              input.setAttribute('aria-label', 'Card number');
              node?.appendChild(input);
              setTimeout(() => {
                for (const handler of handlers['ready'] ?? []) handler({ elementType: type });
              });
            },
            on(name: string, handler: (event: unknown) => void) {
              handlers[name] = [...(handlers[name] ?? []), handler];
              return element;
            },
            off: () => element,
            update() {},
            unmount() {},
            destroy() {},
            focus() {},
            blur() {},
            clear() {},
          };
          return element;
        },
        update() {},
        submit: async () => ({}),
        getElement: () => null,
      };
      return {
        elements(options: { clientSecret?: string }) {
          clientSecret = options?.clientSecret ?? '';
          return elements;
        },
        async confirmPayment() {
          if (input?.value === '4000000000000002') {
            return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
          }
          const id = clientSecret.split('_secret_')[0] ?? '';
          await (window as unknown as { __stripeConfirm: (id: string) => Promise<void> }).__stripeConfirm(id);
          return { paymentIntent: { id, object: 'payment_intent', status: 'succeeded' } };
        },
        createToken() {},
        createPaymentMethod() {},
        confirmCardPayment() {},
        registerAppInfo() {},
        _registerWrapper() {},
      };
    }
    makeStripe.version = 'endive';
    (window as unknown as { Stripe: unknown }).Stripe = makeStripe;
  });
}
