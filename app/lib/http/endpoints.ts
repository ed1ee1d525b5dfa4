/**
 * The app's URLs that are not pages, written once: the route table (app/routes.ts), the server's body limits
 * and the browser's calls read them here, and the authorization matrix test checks each has its rows.
 */
export const ENDPOINTS = {
  /** JSON `{ serviceType, paymentNumber, returnPath?, promotionCode? }` -> `{ ok: true, url }`: a card checkout session. */
  cardCheckout: "/api/create-payment-checkout",
  /** The card provider's webhook, verified on its raw body. */
  cardWebhook: "/api/stripe/webhook",
  /** Private files: `/files/{bucket}/{key}`, by their upload kind's read policy. */
  files: "/files",
  /** A customer's data export: `/exports/{exportId}/download`, the ZIP, to that customer alone. */
  dataExports: "/exports",
  /** The payment dialog's Zelle proof (multipart). */
  paymentProof: "/resources/payments/proof",
  /** The payment dialog's promotion code: `{ serviceType, paymentNumber, promotionCode }` (a form) -> `{ ok: true, quote }`. */
  paymentQuote: "/resources/payments/quote",
  /** The payment dialog's 'Complete payment' for a payment a promotion code makes free (a form). */
  freePayment: "/resources/payments/free",
} as const;
