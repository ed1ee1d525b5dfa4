// The subscription side of the fake Stripe server (tests/fakes/stripe-server.ts), for tests only: its customers,
// products, prices, subscriptions, invoices and invoice payments, the clock they are dated by, the life of a monthly
// card subscription (the first payment at checkout, renewals, failed payments and Stripe's retries, cancellation),
// and the two hosted pages a subscription needs (its checkout page and the billing portal). Every change answers the
// events Stripe would send for it; the server delivers them. The objects carry the field names of the API version
// the SDK speaks: a subscription's period is on its item, an invoice names its subscription under `parent`, and an
// invoice's PaymentIntent is on its InvoicePayment.
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

export type StripeObject = Record<string, unknown>;

// A type rather than an interface, so that an event is also a StripeObject (an interface has no index signature).
export type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: StripeObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
};

/** What a test's clock offers: the present every date the fake writes is taken from. */
export interface FakeClock {
  /** The time set by `setNow`, else the real time. */
  now(): Date;
  /** Holds the present at `date` (a Date or epoch milliseconds) until the next call; `null` goes back to real time. */
  setNow(date: Date | number | null): void;
}

/** The events a subscription checkout's completion sends, in an order a test may change. */
export type CheckoutEventType = "checkout.session.completed" | "customer.subscription.created" | "invoice.paid";

/** A refusal in Stripe's shape: the HTTP status, the message, and the parameter at fault when there is one. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's own retries of a failed subscription payment are days apart; the fake says three. */
const RETRY_AFTER_SECONDS = 3 * 24 * 60 * 60;

/** `prefix[key]` form fields as an object (`metadata[plan]=care` is `{ plan: "care" }` for the prefix `metadata`). */
export function metadataOf(form: Record<string, string>, prefix = "metadata"): Record<string, string> {
  const metadata: Record<string, string> = {};
  const opening = `${prefix}[`;
  for (const [key, value] of Object.entries(form)) {
    const name = key.startsWith(opening) && key.endsWith("]") ? key.slice(opening.length, -1) : "";
    if (name) metadata[name] = value;
  }
  return metadata;
}

/** Stripe's metadata update: the keys sent replace or join the old ones, and a key sent empty is removed. */
function mergedMetadata(old: unknown, form: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = form.metadata === "" ? {} : { ...(old as Record<string, string>) };
  for (const [key, value] of Object.entries(metadataOf(form))) {
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * The same moment `months` calendar months on, as Stripe bills a monthly price: the anchor's day of the month, or
 * the month's last day when it is shorter (an anchor of 31 January renews on 28 or 29 February, then 31 March).
 */
function addMonths(seconds: number, months: number): number {
  const start = new Date(seconds * 1000);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

const clone = <T>(value: T): T => structuredClone(value);

/** The top-level fields that changed, with their old values: an `.updated` event's `previous_attributes`. */
function previousAttributes(before: StripeObject, after: StripeObject): StripeObject {
  const previous: StripeObject = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = clone(before[key] ?? null);
  }
  return previous;
}

const list = (url: string, data: StripeObject[]) => ({
  object: "list",
  data,
  has_more: false,
  total_count: data.length,
  url,
});

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: unknown) => String(text ?? "").replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const day = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

export function createClock(): FakeClock {
  let fixed: number | null = null;
  return {
    now: () => new Date(fixed ?? Date.now()),
    setNow(date) {
      fixed = date === null ? null : typeof date === "number" ? date : date.getTime();
    },
  };
}

type Item = StripeObject & { current_period_start: number; current_period_end: number; price: StripeObject };
const itemOf = (subscription: StripeObject) => (subscription.items as { data: Item[] }).data[0]!;

/**
 * The billing state and its changes. `sessions` is the server's map of Checkout Sessions (a subscription checkout
 * is one of them); `baseUrl` gives the server's address, known once it listens.
 */
export function createBilling({
  clock,
  sessions,
  baseUrl,
  pendingWebhooks,
}: {
  clock: FakeClock;
  sessions: Map<string, StripeObject>;
  baseUrl: () => string;
  /** How many endpoints each event is sent to (an event's `pending_webhooks`): one with a webhook, else none. */
  pendingWebhooks: number;
}) {
  const customers = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const invoicePayments = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  /** Customers whose card is declined until a test (or the billing portal) says otherwise. */
  const failingCards = new Set<string>();
  /** What each subscription checkout sells: Stripe keeps it on the session without answering it there. */
  const checkoutPlans = new Map<string, { price: string; quantity: number; metadata: Record<string, string> }>();
  /** How many periods each subscription has begun: its current one ends that many months after its anchor. */
  const periodsBegun = new Map<string, number>();
  /** Every event `emit` made, in order; `event` alone makes one without keeping it, for a test to send itself. */
  const events: StripeEvent[] = [];

  const now = () => Math.floor(clock.now().getTime() / 1000);

  /** An event as Stripe sends it, with a copy of the object as it is now. */
  function event(type: string, object: StripeObject, previous?: StripeObject): StripeEvent {
    return {
      id: randomId("evt_test"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: pendingWebhooks,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
  function emit(type: string, object: StripeObject, previous?: StripeObject): StripeEvent {
    const made = event(type, object, previous);
    events.push(made);
    return made;
  }

  function known(map: Map<string, StripeObject>, kind: string, id: string, param?: string, status = 404) {
    const found = map.get(id);
    if (!found) throw new StripeApiError(status, `No such ${kind}: '${id}'`, param, "resource_missing");
    return found;
  }

  function newCustomer(form: Record<string, string>): StripeObject {
    const customer = {
      id: randomId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: form.description ?? null,
      email: form.email ?? null,
      invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(form),
      name: form.name ?? null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  /** The plan the SDK types still give a subscription item: the price in its older shape. */
  function planOf(price: StripeObject): StripeObject {
    const recurring = price.recurring as StripeObject;
    return {
      id: price.id,
      object: "plan",
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: "per_unit",
      created: price.created,
      currency: price.currency,
      interval: recurring.interval,
      interval_count: recurring.interval_count,
      livemode: false,
      metadata: clone(price.metadata),
      meter: null,
      nickname: price.nickname,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: "licensed",
    };
  }

  /**
   * An open invoice for the subscription's current period, with its InvoicePayment (and that payment's own
   * PaymentIntent) waiting. `period` is the invoice's own `period_start`/`period_end`, which Stripe sets to the period
   * just ended (both the creation time for the first invoice); the period paid for is the line's.
   */
  function openInvoice(subscription: StripeObject, billingReason: string, period: { start: number; end: number }) {
    const item = itemOf(subscription);
    const price = item.price;
    const quantity = Number(item.quantity ?? 1);
    const amount = Number(price.unit_amount) * quantity;
    const customer = customers.get(String(subscription.customer))!;
    const sequence = Number(customer.next_invoice_sequence);
    customer.next_invoice_sequence = sequence + 1;
    const created = now();
    const id = randomId("in_test");
    const product = products.get(String(price.product));
    const invoice: StripeObject = {
      id,
      object: "invoice",
      account_country: "US",
      account_name: "Fake Stripe",
      account_tax_ids: null,
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amount,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: billingReason,
      collection_method: "charge_automatically",
      created,
      currency: price.currency,
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: "none",
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: created,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: "self" },
      last_finalization_error: null,
      latest_revision: null,
      lines: list(`/v1/invoices/${id}/lines`, [
        {
          id: randomId("il_test"),
          object: "line_item",
          amount,
          currency: price.currency,
          description: `${quantity} × ${product?.name ?? price.product} (at ${money(Number(price.unit_amount), String(price.currency))} / month)`,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            type: "subscription_item_details",
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription: subscription.id,
              subscription_item: item.id,
            },
          },
          period: { start: item.current_period_start, end: item.current_period_end },
          pretax_credit_amounts: [],
          pricing: {
            type: "price_details",
            price_details: { price: price.id, product: price.product },
            unit_amount_decimal: price.unit_amount_decimal,
          },
          quantity,
          quantity_decimal: String(quantity),
          subscription: subscription.id,
          subtotal: amount,
          taxes: [],
        },
      ]),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, "0")}`,
      on_behalf_of: null,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: clone(subscription.metadata), subscription: subscription.id },
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: period.end,
      period_start: period.start,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: "open",
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: amount,
      subtotal_excluding_tax: amount,
      test_clock: null,
      total: amount,
      total_discount_amounts: [],
      total_excluding_tax: amount,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: created,
    };
    invoices.set(id, invoice);
    const payment = {
      id: randomId("inpay_test"),
      object: "invoice_payment",
      amount_paid: null,
      amount_requested: amount,
      created,
      currency: price.currency,
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { type: "payment_intent", payment_intent: randomId("pi_test") },
      status: "open",
      status_transitions: { canceled_at: null, paid_at: null },
    };
    invoicePayments.set(payment.id, payment);
    subscription.latest_invoice = id;
    return invoice;
  }

  /** One charge of the invoice's card: it is paid unless `fail` (or the customer's card is declined). */
  function attempt(invoice: StripeObject, fail = false): boolean {
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.attempted = true;
    if (fail || failingCards.has(String(invoice.customer))) {
      invoice.next_payment_attempt = now() + RETRY_AFTER_SECONDS;
      return false;
    }
    markPaid(invoice);
    return true;
  }

  /** The invoice and its InvoicePayment are paid, now. */
  function markPaid(invoice: StripeObject): void {
    const paidAt = now();
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      auto_advance: false,
      next_payment_attempt: null,
    });
    (invoice.status_transitions as StripeObject).paid_at = paidAt;
    for (const payment of invoicePayments.values()) {
      if (payment.invoice !== invoice.id) continue;
      Object.assign(payment, { status: "paid", amount_paid: invoice.amount_due });
      (payment.status_transitions as StripeObject).paid_at = paidAt;
    }
  }

  function subscriptionOf(id: string): StripeObject {
    return known(subscriptions, "subscription", id);
  }

  /** The subscription's latest invoice while it is unpaid: the one Stripe retries. */
  function openInvoiceOf(subscription: StripeObject): StripeObject {
    const invoice = invoices.get(String(subscription.latest_invoice));
    if (invoice?.status !== "open") {
      throw new StripeApiError(400, `Subscription '${subscription.id}' has no open invoice to pay`);
    }
    return invoice;
  }

  /** Charges the open invoice again; paid, it brings the past-due subscription back to `active`. */
  function payOpenInvoice(subscription: StripeObject, invoice: StripeObject): StripeEvent[] {
    if (!attempt(invoice)) return [emit("invoice.payment_failed", invoice)];
    const paid = [emit("invoice.paid", invoice)];
    if (subscription.status === "past_due") {
      const before = clone(subscription);
      subscription.status = "active";
      paid.push(emit("customer.subscription.updated", subscription, previousAttributes(before, subscription)));
    }
    return paid;
  }

  /** The next period begins and is billed: paid, or the subscription falls `past_due`. */
  function renew(id: string, { fail = false }: { fail?: boolean } = {}): StripeEvent[] {
    const subscription = subscriptionOf(id);
    if (subscription.status !== "active") {
      throw new StripeApiError(400, `Subscription '${id}' is ${subscription.status}: only an active one renews`);
    }
    if (subscription.cancel_at_period_end) {
      throw new StripeApiError(400, `Subscription '${id}' cancels at its period end: it ends there (endPeriod)`);
    }
    const before = clone(subscription);
    const item = itemOf(subscription);
    const begun = periodsBegun.get(id)!;
    const ended = { start: item.current_period_start, end: item.current_period_end };
    item.current_period_start = ended.end;
    item.current_period_end = addMonths(Number(subscription.billing_cycle_anchor), begun + 1);
    periodsBegun.set(id, begun + 1);
    const invoice = openInvoice(subscription, "subscription_cycle", ended);
    const paid = attempt(invoice, fail);
    if (!paid) subscription.status = "past_due";
    return [
      emit(paid ? "invoice.paid" : "invoice.payment_failed", invoice),
      emit("customer.subscription.updated", subscription, previousAttributes(before, subscription)),
    ];
  }

  /**
   * Ends the subscription: now, or at `periodEnd` when it was set to cancel there (its `canceled_at` then stays the
   * time of the request that asked for it, as Stripe's does).
   */
  function cancel(subscription: StripeObject, reason: string, periodEnd?: number): StripeEvent[] {
    subscription.status = "canceled";
    subscription.ended_at = periodEnd ?? now();
    if (periodEnd === undefined) subscription.canceled_at = now();
    (subscription.cancellation_details as StripeObject).reason = reason;
    return [emit("customer.subscription.deleted", subscription)];
  }

  return {
    customers,
    products,
    prices,
    subscriptions,
    invoices,
    events,
    event,

    createCustomer: newCustomer,
    getCustomer: (id: string) => known(customers, "customer", id),

    createProduct(form: Record<string, string>): StripeObject {
      if (!form.name) throw new StripeApiError(400, "Missing required param: name.", "name", "parameter_missing");
      const created = now();
      const product = {
        id: randomId("prod"),
        object: "product",
        active: form.active !== "false",
        created,
        default_price: null,
        description: form.description ?? null,
        images: [],
        livemode: false,
        marketing_features: [],
        metadata: metadataOf(form),
        name: form.name,
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        tax_details: null,
        type: "service",
        unit_label: null,
        updated: created,
        url: null,
      };
      products.set(product.id, product);
      return product;
    },
    updateProduct(id: string, form: Record<string, string>): StripeObject {
      const product = known(products, "product", id);
      if (form.name !== undefined) product.name = form.name;
      if (form.description !== undefined) product.description = form.description || null;
      if (form.active !== undefined) product.active = form.active === "true";
      product.metadata = mergedMetadata(product.metadata, form);
      product.updated = now();
      return product;
    },

    createPrice(form: Record<string, string>): StripeObject {
      known(products, "product", form.product ?? "", "product", 400);
      if (form.unit_amount === undefined) {
        throw new StripeApiError(400, "Missing required param: unit_amount.", "unit_amount", "parameter_missing");
      }
      const interval = form["recurring[interval]"];
      // The fake bills by the calendar month only: a weekly or yearly price would renew on the wrong day.
      if (interval !== undefined && interval !== "month") {
        throw new StripeApiError(400, `The fake Stripe bills monthly prices only, not '${interval}'`, "recurring");
      }
      const unitAmount = Number(form.unit_amount);
      const price = {
        id: randomId("price"),
        object: "price",
        active: form.active !== "false",
        billing_scheme: "per_unit",
        created: now(),
        currency: (form.currency ?? "usd").toLowerCase(),
        custom_unit_amount: null,
        livemode: false,
        lookup_key: form.lookup_key ?? null,
        metadata: metadataOf(form),
        nickname: form.nickname ?? null,
        product: form.product,
        recurring: interval
          ? {
              interval,
              interval_count: Number(form["recurring[interval_count]"] ?? 1),
              meter: null,
              trial_period_days: null,
              usage_type: "licensed",
            }
          : null,
        tax_behavior: "unspecified",
        tiers_mode: null,
        transform_quantity: null,
        type: interval ? "recurring" : "one_time",
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      };
      prices.set(price.id, price);
      return price;
    },
    updatePrice(id: string, form: Record<string, string>): StripeObject {
      const price = known(prices, "price", id);
      if (form.active !== undefined) price.active = form.active === "true";
      if (form.nickname !== undefined) price.nickname = form.nickname || null;
      if (form.lookup_key !== undefined) price.lookup_key = form.lookup_key || null;
      price.metadata = mergedMetadata(price.metadata, form);
      return price;
    },
    getPrice: (id: string) => known(prices, "price", id),

    /** A `mode=subscription` Checkout Session for one recurring price. */
    createSubscriptionSession(form: Record<string, string>, expiresAt: number): StripeObject {
      const priceId = form["line_items[0][price]"] ?? "";
      const price = known(prices, "price", priceId, "line_items[0][price]", 400);
      if (price.type !== "recurring") {
        throw new StripeApiError(
          400,
          "You must provide at least one recurring price in `subscription` mode when using prices.",
          "line_items[0][price]",
        );
      }
      if (!price.active) {
        throw new StripeApiError(
          400,
          `The price specified is inactive. This field only accepts active prices.`,
          "line_items[0][price]",
        );
      }
      if (form.customer) known(customers, "customer", form.customer, "customer", 400);
      const quantity = Number(form["line_items[0][quantity]"] ?? 1);
      const amount = Number(price.unit_amount) * quantity;
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        amount_subtotal: amount,
        amount_total: amount,
        created: now(),
        currency: price.currency,
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        customer_details: null,
        customer_email: form.customer_email ?? null,
        invoice: null,
        livemode: false,
        metadata: metadataOf(form),
        success_url: form.success_url ?? null,
        cancel_url: form.cancel_url ?? null,
        url: `${baseUrl()}/checkout/${id}`,
        payment_intent: null,
        subscription: null,
        expires_at: expiresAt,
      };
      sessions.set(id, session);
      checkoutPlans.set(id, { price: priceId, quantity, metadata: metadataOf(form, "subscription_data[metadata]") });
      return session;
    },

    /**
     * The customer pays on the checkout page. A subscription checkout makes the customer (when the session named
     * none), the subscription and its first invoice, paid; a payment checkout is only marked paid.
     */
    completeCheckout(sessionId: string, { order }: { order?: CheckoutEventType[] } = {}): StripeEvent[] {
      const session = known(sessions, "checkout.session", sessionId);
      if (session.status !== "open") {
        throw new StripeApiError(400, `Checkout session '${sessionId}' is ${session.status}, not open`);
      }
      const plan = checkoutPlans.get(sessionId);
      if (session.mode !== "subscription" || !plan) {
        Object.assign(session, { status: "complete", payment_status: "paid" });
        return [emit("checkout.session.completed", session)];
      }
      const kinds: CheckoutEventType[] = [
        "checkout.session.completed",
        "customer.subscription.created",
        "invoice.paid",
      ];
      if (
        order &&
        (!Array.isArray(order) || order.length !== kinds.length || kinds.some((kind) => !order.includes(kind)))
      ) {
        throw new StripeApiError(400, `order names each of ${kinds.join(", ")} once`);
      }
      const customer =
        customers.get(String(session.customer)) ??
        newCustomer(session.customer_email ? { email: String(session.customer_email) } : {});
      const price = prices.get(plan.price)!;
      const start = now();
      const id = randomId("sub");
      const subscription: StripeObject = {
        id,
        object: "subscription",
        application: null,
        application_fee_percent: null,
        automatic_tax: { disabled_reason: null, enabled: false, liability: null },
        billing_cycle_anchor: start,
        billing_cycle_anchor_config: null,
        billing_mode: { flexible: null, type: "classic" },
        billing_thresholds: null,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        collection_method: "charge_automatically",
        created: start,
        currency: price.currency,
        customer: customer.id,
        customer_account: null,
        days_until_due: null,
        default_payment_method: randomId("pm"),
        default_source: null,
        description: null,
        discounts: [],
        ended_at: null,
        invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
        items: list(`/v1/subscription_items?subscription=${id}`, [
          {
            id: randomId("si"),
            object: "subscription_item",
            billing_thresholds: null,
            created: start,
            current_period_end: addMonths(start, 1),
            current_period_start: start,
            discounts: [],
            metadata: {},
            plan: planOf(price),
            price: clone(price),
            quantity: plan.quantity,
            subscription: id,
            tax_rates: [],
          },
        ]),
        latest_invoice: null,
        livemode: false,
        metadata: clone(plan.metadata),
        next_pending_invoice_item_invoice: null,
        on_behalf_of: null,
        pause_collection: null,
        payment_settings: {
          payment_method_options: null,
          payment_method_types: null,
          save_default_payment_method: "off",
        },
        pending_invoice_item_interval: null,
        pending_setup_intent: null,
        pending_update: null,
        schedule: null,
        start_date: start,
        status: "active",
        test_clock: null,
        transfer_data: null,
        trial_end: null,
        trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
        trial_start: null,
      };
      subscriptions.set(id, subscription);
      periodsBegun.set(id, 1);
      // The card was just typed on the checkout page: the first payment goes through.
      const invoice = openInvoice(subscription, "subscription_create", { start, end: start });
      Object.assign(invoice, { attempt_count: 1, attempted: true });
      markPaid(invoice);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer: customer.id,
        customer_details: {
          email: customer.email,
          name: customer.name,
          address: null,
          phone: null,
          tax_exempt: "none",
          tax_ids: [],
        },
        invoice: invoice.id,
        subscription: id,
      });
      const objects: Record<CheckoutEventType, StripeObject> = {
        "checkout.session.completed": session,
        "customer.subscription.created": subscription,
        "invoice.paid": invoice,
      };
      return (order ?? kinds).map((kind) => emit(kind, objects[kind]));
    },

    renew,

    setCardFailing(customerId: string, failing: boolean): void {
      known(customers, "customer", customerId);
      if (failing) failingCards.add(customerId);
      else failingCards.delete(customerId);
    },

    /** Stripe's own retry of a past-due subscription's open invoice (it retries no other's). */
    retry(id: string): StripeEvent[] {
      const subscription = subscriptionOf(id);
      if (subscription.status !== "past_due") {
        throw new StripeApiError(400, `Subscription '${id}' is ${subscription.status}, not past_due: nothing to retry`);
      }
      return payOpenInvoice(subscription, openInvoiceOf(subscription));
    },

    /** Stripe's retries are exhausted: the subscription is canceled or left `unpaid`, as the account's settings say. */
    giveUp(id: string, { status = "canceled" }: { status?: "canceled" | "unpaid" } = {}): StripeEvent[] {
      if (status !== "canceled" && status !== "unpaid") {
        throw new StripeApiError(400, `A subscription given up on is canceled or unpaid, not '${status}'`);
      }
      const subscription = subscriptionOf(id);
      if (subscription.status !== "past_due") {
        throw new StripeApiError(400, `Subscription '${id}' is ${subscription.status}, not past_due`);
      }
      openInvoiceOf(subscription).next_payment_attempt = null;
      if (status === "canceled") return cancel(subscription, "payment_failed");
      const before = clone(subscription);
      subscription.status = "unpaid";
      return [emit("customer.subscription.updated", subscription, previousAttributes(before, subscription))];
    },

    /** The period's end is reached: a subscription set to cancel there ends, any other renews. */
    endPeriod(id: string): StripeEvent[] {
      const subscription = subscriptionOf(id);
      if (!subscription.cancel_at_period_end) return renew(id);
      if (subscription.status === "canceled") throw new StripeApiError(400, `Subscription '${id}' is already canceled`);
      return cancel(subscription, "cancellation_requested", itemOf(subscription).current_period_end);
    },

    getSubscription: subscriptionOf,
    listSubscriptions(query: Record<string, string>) {
      const data = [...subscriptions.values()].filter(
        (subscription) =>
          (!query.customer || subscription.customer === query.customer) &&
          (query.status === "all" ||
            (query.status ? subscription.status === query.status : subscription.status !== "canceled")),
      );
      return { object: "list", data, has_more: false, url: "/v1/subscriptions" };
    },
    /** `POST /v1/subscriptions/:id`: cancel at the period's end (or not after all), metadata. */
    updateSubscription(
      id: string,
      form: Record<string, string>,
    ): { subscription: StripeObject; events: StripeEvent[] } {
      const subscription = subscriptionOf(id);
      if (subscription.status === "canceled") {
        throw new StripeApiError(400, "A canceled subscription can only update its cancellation_details and metadata.");
      }
      const before = clone(subscription);
      const details = subscription.cancellation_details as StripeObject;
      if (form.cancel_at_period_end === "true" && !subscription.cancel_at_period_end) {
        Object.assign(subscription, {
          cancel_at_period_end: true,
          cancel_at: itemOf(subscription).current_period_end,
          // Stripe dates the cancellation by the request that asked for it, not by the period's end.
          canceled_at: now(),
        });
        details.reason = "cancellation_requested";
      } else if (form.cancel_at_period_end === "false" && subscription.cancel_at_period_end) {
        Object.assign(subscription, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
        Object.assign(details, { comment: null, feedback: null, reason: null });
      }
      if (form["cancellation_details[comment]"] !== undefined) {
        details.comment = form["cancellation_details[comment]"] || null;
      }
      if (form["cancellation_details[feedback]"] !== undefined) {
        details.feedback = form["cancellation_details[feedback]"] || null;
      }
      subscription.metadata = mergedMetadata(subscription.metadata, form);
      const previous = previousAttributes(before, subscription);
      const changed = Object.keys(previous).length > 0;
      return {
        subscription,
        events: changed ? [emit("customer.subscription.updated", subscription, previous)] : [],
      };
    },
    /** `DELETE /v1/subscriptions/:id`: canceled now. */
    cancelSubscription(id: string): { subscription: StripeObject; events: StripeEvent[] } {
      const subscription = subscriptionOf(id);
      if (subscription.status === "canceled") {
        throw new StripeApiError(400, `Subscription '${id}' is already canceled`);
      }
      return { subscription, events: cancel(subscription, "cancellation_requested") };
    },

    getInvoice: (id: string) => known(invoices, "invoice", id),
    listInvoicePayments(query: Record<string, string>) {
      const data = [...invoicePayments.values()].filter(
        (payment) =>
          (!query.invoice || payment.invoice === query.invoice) && (!query.status || payment.status === query.status),
      );
      return { object: "list", data, has_more: false, url: "/v1/invoice_payments" };
    },

    createPortalSession(form: Record<string, string>): StripeObject {
      known(customers, "customer", form.customer ?? "", "customer", 400);
      const id = randomId("bps");
      const portal = {
        id,
        object: "billing_portal.session",
        configuration: "bpc_fake_default",
        created: now(),
        customer: form.customer,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: form.return_url ?? null,
        url: `${baseUrl()}/billing/${id}`,
      };
      portalSessions.set(id, portal);
      return portal;
    },
    /**
     * The customer gives a working card in the billing portal: it is no longer declined, and the open invoice of each
     * of their past-due subscriptions is paid with it.
     */
    updateCardInPortal(portalId: string): { events: StripeEvent[]; returnUrl: string | null } {
      const portal = known(portalSessions, "billing_portal.session", portalId);
      const customer = String(portal.customer);
      failingCards.delete(customer);
      const paid: StripeEvent[] = [];
      for (const subscription of subscriptions.values()) {
        if (subscription.customer !== customer || subscription.status !== "past_due") continue;
        paid.push(...payOpenInvoice(subscription, openInvoiceOf(subscription)));
      }
      return { events: paid, returnUrl: (portal.return_url as string | null) ?? null };
    },

    /** The hosted checkout page of a subscription session; undefined for any other session. */
    checkoutPage(sessionId: string): string | undefined {
      const session = sessions.get(sessionId);
      const plan = checkoutPlans.get(sessionId);
      if (!session || !plan) return undefined;
      const price = prices.get(plan.price)!;
      const product = products.get(String(price.product));
      const each = money(Number(price.unit_amount), String(price.currency));
      const total = money(Number(session.amount_total), String(session.currency));
      const open = session.status === "open";
      return page(
        "Fake Stripe Checkout",
        `<h1>Fake Stripe Checkout</h1><p>${escapeHtml(sessionId)}</p>` +
          `<h2>${escapeHtml(product?.name ?? "Subscription")}</h2>` +
          (plan.quantity > 1 ? `<p>${plan.quantity} × ${escapeHtml(each)}</p>` : "") +
          `<p>${escapeHtml(total)} per month</p>` +
          (open
            ? `<form method="post" action="/checkout/${escapeHtml(sessionId)}/pay"><button type="submit">Subscribe</button></form>` +
              (session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : "")
            : `<p>This checkout is ${escapeHtml(session.status)}.</p>`),
      );
    },
    /** The billing portal page: the customer's subscriptions, a button to give a working card, and a way back. */
    portalPage(portalId: string): string | undefined {
      const portal = portalSessions.get(portalId);
      if (!portal) return undefined;
      const customer = customers.get(String(portal.customer));
      const rows = [...subscriptions.values()]
        .filter((subscription) => subscription.customer === portal.customer)
        .map((subscription) => {
          const item = itemOf(subscription);
          const product = products.get(String(item.price.product));
          const amount = money(
            Number(item.price.unit_amount) * Number(item.quantity ?? 1),
            String(item.price.currency),
          );
          const until =
            subscription.status === "canceled"
              ? `ended ${day(subscription.ended_at)}`
              : subscription.cancel_at_period_end
                ? `ends ${day(item.current_period_end)}`
                : `renews ${day(item.current_period_end)}`;
          return `<li>${escapeHtml(product?.name ?? "Subscription")}: ${escapeHtml(amount)} per month, ${escapeHtml(subscription.status)}, ${until}</li>`;
        });
      return page(
        "Billing portal",
        `<h1>Billing portal</h1><p>${escapeHtml(customer?.email ?? portal.customer)}</p>` +
          (rows.length > 0 ? `<h2>Subscriptions</h2><ul>${rows.join("")}</ul>` : "<p>No subscriptions.</p>") +
          `<form method="post" action="/billing/${escapeHtml(portalId)}/card"><button type="submit">Update card</button></form>` +
          (portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return</a></p>` : ""),
      );
    },
  };
}

/** A page of the fake's own saying one thing: a refusal, or that an action without a way back is done. */
export const messagePage = (title: string, message: string) =>
  page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
