/**
 * The app's URLs that are not pages, written once: the route table (app/routes.ts), the server's body limits
 * and the browser's calls read them here, and the authorization matrix test checks each has its rows.
 */
export const ENDPOINTS = {
  /** JSON `{ serviceType, paymentNumber, returnPath? }` -> `{ ok: true, url }`: a card checkout session. */
  cardCheckout: "/api/create-payment-checkout",
  /** The card provider's webhook, verified on its raw body. */
  cardWebhook: "/api/stripe/webhook",
  /** Private files: `/files/{bucket}/{key}`, by their upload kind's read policy. */
  files: "/files",
  /** The payment dialog's Zelle proof (multipart). */
  paymentProof: "/resources/payments/proof",
} as const;
