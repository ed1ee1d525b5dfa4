import { expect, type APIRequestContext, type Page } from "@playwright/test";
import Stripe from "stripe";
import { E2E_BASE_URL, E2E_STRIPE } from "../../playwright.config";

/** A real 1x1 PNG, as a customer's proof photo. */
export const PROOF_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Only signs webhook bodies: it never calls any Stripe server. */
const signer = new Stripe("sk_test_e2e_signer_only");

export const paymentDialog = (page: Page) => page.getByRole("dialog", { name: "Payment Required" });

/** Sends a Zelle proof through the payment dialog already open on the page. */
export async function sendZelleProofInDialog(page: Page): Promise<void> {
  const dialog = paymentDialog(page);
  await dialog.getByRole("button", { name: /Zelle Transfer/ }).click();
  const submit = dialog.getByRole("button", { name: "Submit Proof" });
  await expect(submit).toBeDisabled();
  await dialog
    .getByLabel("Proof of payment photo")
    .setInputFiles({ name: "zelle.png", mimeType: "image/png", buffer: PROOF_PNG });
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** Creates a pending Zelle proof as the signed-in customer of this request context (the proof endpoint's contract). */
export async function sendProofViaApi(
  request: APIRequestContext,
  serviceType: string,
  paymentNumber: number,
): Promise<void> {
  const response = await request.post("/resources/payments/proof", {
    multipart: {
      serviceType,
      paymentNumber: String(paymentNumber),
      proof: { name: "proof.png", mimeType: "image/png", buffer: PROOF_PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
}

interface RecordedCheckout {
  path: string;
  form: Record<string, string>;
}

/** The newest Checkout Session the fake Stripe server was asked to create for this customer's e-mail. */
export async function lastCheckoutFor(email: string): Promise<RecordedCheckout> {
  const response = await fetch(`${E2E_STRIPE.url}/__requests`);
  const requests = (await response.json()) as RecordedCheckout[];
  const mine = requests.filter((r) => r.path === "/v1/checkout/sessions" && r.form.customer_email === email);
  expect(mine.length, `no checkout session was created for ${email}`).toBeGreaterThan(0);
  return mine[mine.length - 1]!;
}

/** Posts a correctly signed checkout.session.completed for a recorded checkout to the app's webhook. */
export async function completeCheckout(request: APIRequestContext, checkout: RecordedCheckout): Promise<void> {
  const { form } = checkout;
  const id = `cs_test_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        currency: form["line_items[0][price_data][currency]"],
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        client_reference_id: form.client_reference_id,
        metadata: {
          userId: form["metadata[userId]"],
          serviceType: form["metadata[serviceType]"],
          paymentNumber: form["metadata[paymentNumber]"],
        },
      },
    },
  });
  const response = await request.post("/api/stripe/webhook", {
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE.webhookSecret }),
    },
    data: payload,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Pays one of the customer's payments by card, through the checkout call and the card provider's signed webhook. */
export async function payByCard(
  request: APIRequestContext,
  email: string,
  serviceType: string,
  paymentNumber: number,
): Promise<void> {
  const checkout = await request.post("/api/create-payment-checkout", {
    data: { serviceType, paymentNumber },
    headers: { origin: E2E_BASE_URL },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await completeCheckout(request, await lastCheckoutFor(email));
}

/** Counts full page loads, so a test can show a change arrived without a reload. */
export function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  return () => loads;
}
