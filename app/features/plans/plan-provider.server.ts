import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";
import type { Stripe } from "~/lib/stripe.server";
import { toCents } from "./plans";

/** The metadata every subscription carries from its checkout: whose it is and which plan (its events name both). */
export interface PlanMetadata {
  userId: string;
  planId: string;
}

/**
 * The card provider's side of the care plans: products and monthly prices, subscription checkouts, a subscription's
 * state, cancelling, the billing portal. Without card payments configured every call is refused
 * (`card_payments_not_configured`); a call the provider fails is logged and refused (`plan_provider_failed`), so a
 * person reads a message, never the provider's.
 */
export function planProvider(deps: Pick<Deps, "stripe">) {
  const stripe = deps.stripe;
  if (!stripe) throw new AppError("card_payments_not_configured");
  const call = async <T>(what: string, run: (api: Stripe) => Promise<T>): Promise<T> => {
    try {
      return await run(stripe);
    } catch (error) {
      console.error(`The card provider refused to ${what}:`, (error as Error).message);
      throw new AppError("plan_provider_failed");
    }
  };
  return {
    createProduct: (plan: { nameEn: string; descriptionEn: string }) =>
      call("create a plan's product", async (api) => {
        const product = await api.products.create({
          name: plan.nameEn,
          ...(plan.descriptionEn ? { description: plan.descriptionEn } : {}),
        });
        return product.id;
      }),
    updateProduct: (productId: string, plan: { nameEn: string; descriptionEn: string }) =>
      call("rename a plan's product", async (api) => {
        // The provider refuses an empty description: none is written as "unset".
        await api.products.update(productId, { name: plan.nameEn, description: plan.descriptionEn || "" });
      }),
    /** A monthly price in US dollars; prices never change at the provider, so a new price is a new object. */
    createPrice: (productId: string, dollars: number) =>
      call("create a plan's price", async (api) => {
        const price = await api.prices.create({
          product: productId,
          currency: "usd",
          unit_amount: toCents(dollars),
          recurring: { interval: "month" },
        });
        return price.id;
      }),
    /** A price no new subscriber gets (the subscriptions on it keep being charged it). */
    retirePrice: (priceId: string) =>
      call("retire a plan's old price", async (api) => {
        await api.prices.update(priceId, { active: false });
      }),
    subscriptionCheckout: (input: {
      priceId: string;
      metadata: PlanMetadata;
      customer: { id: string } | { email: string | null };
      successUrl: string;
      cancelUrl: string;
    }) =>
      call("start a subscription checkout", async (api) => {
        const metadata = { ...input.metadata };
        const session = await api.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: input.priceId, quantity: 1 }],
          client_reference_id: metadata.userId,
          ...("id" in input.customer
            ? { customer: input.customer.id }
            : input.customer.email
              ? { customer_email: input.customer.email }
              : {}),
          metadata,
          subscription_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error("the session has no address");
        return session.url;
      }),
    subscription: (id: string) => call("read a subscription", (api) => api.subscriptions.retrieve(id)),
    setCancelAtPeriodEnd: (id: string, cancel: boolean) =>
      call("change a subscription's cancellation", (api) =>
        api.subscriptions.update(id, { cancel_at_period_end: cancel }),
      ),
    cancelNow: (id: string) => call("cancel a subscription", (api) => api.subscriptions.cancel(id)),
    invoice: (id: string) => call("read an invoice", (api) => api.invoices.retrieve(id)),
    /** The payment intent that paid an invoice: what a refund of its charge names. */
    invoicePaymentIntent: (invoiceId: string) =>
      call("read an invoice's payment", async (api) => {
        const list = await api.invoicePayments.list({ invoice: invoiceId, limit: 10 });
        const paid = list.data.find((payment) => payment.status === "paid") ?? list.data[0];
        const intent = paid?.payment?.payment_intent;
        return typeof intent === "string" ? intent : (intent?.id ?? null);
      }),
    billingPortal: (customerId: string, returnUrl: string) =>
      call("open the billing portal", async (api) => {
        const session = await api.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return session.url;
      }),
  };
}

export type PlanProvider = ReturnType<typeof planProvider>;
