import { and, desc, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { notifications, payments, profiles, stripeEvents } from "~db/schema";
import { adminIds } from "~/lib/session.server";
import type { Db } from "~/lib/db.server";
import { badRequest, HttpError, notSignedIn } from "~/lib/errors";
import type { ChangeBus } from "~/lib/realtime.server";
import type { Actor } from "~/lib/session";
import { fileRoutePath, type Storage } from "~/lib/storage.server";
import type { Stripe } from "~/lib/stripe.server";
import { paymentAmount, paymentSubtitle, type ServiceType } from "./catalog";
import {
  checkoutReturnPath,
  MAX_PROOF_BYTES,
  paymentRefusal,
  PROOF_IMAGE_TYPES,
  PROOF_MESSAGES,
  PROOF_NOTIFICATION_TITLE,
  proofKey,
  proofNotificationMessage,
} from "./payment-rules";
import { paymentTargetSchema, type PaymentTarget } from "./payments.schemas";

export const PROOF_BUCKET = "admin-note-photos" as const;

/** A payment as the customer's screens read it. */
export interface PaymentView {
  id: string;
  serviceType: string;
  paymentNumber: number;
  amount: number;
  paymentMethod: string;
  status: string;
  proofUrl: string | null;
  createdAt: string;
}

export function toPaymentView(row: typeof payments.$inferSelect): PaymentView {
  return {
    id: row.id,
    serviceType: row.serviceType,
    paymentNumber: row.paymentNumber,
    amount: row.amount,
    paymentMethod: row.paymentMethod,
    status: row.status,
    proofUrl: row.proofUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

const conflict = (message: string) => new HttpError(409, message);

let lastTimestamp = 0;
/**
 * The timestamp in a proof's file name, strictly increasing in this process: two proofs sent in the same
 * millisecond must not share a file, or the refused one's clean-up would remove the accepted one's photo.
 */
function uniqueTimestamp(now: number): number {
  lastTimestamp = Math.max(now, lastTimestamp + 1);
  return lastTimestamp;
}

function requireActor(actor: Actor | null): Actor {
  if (!actor) throw notSignedIn();
  return actor;
}

function parseTarget(input: { serviceType: unknown; paymentNumber: unknown }): PaymentTarget {
  const parsed = paymentTargetSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid payment");
  return parsed.data;
}

/** The PostgreSQL error behind a failed query (Drizzle wraps it as the cause). */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}

function isLivePaymentConflict(error: unknown): boolean {
  const found = pgError(error);
  return found?.code === "23505" && found.constraint === "payments_live_unique_idx";
}

/** The signed-in customer's own payments, newest first. */
export async function listOwnPayments({ db }: { db: Db }, actor: Actor | null): Promise<PaymentView[]> {
  const { id } = requireActor(actor);
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, id))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(toPaymentView);
}

async function refuseIfNotPayable(db: Db, userId: string, target: PaymentTarget): Promise<void> {
  const existing = await db
    .select({ serviceType: payments.serviceType, paymentNumber: payments.paymentNumber, status: payments.status })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.serviceType, target.serviceType)));
  const refusal = paymentRefusal(existing, target.serviceType, target.paymentNumber);
  if (refusal)
    throw target.paymentNumber > 1 && refusal.includes("must be completed") ? badRequest(refusal) : conflict(refusal);
}

export interface ProofInput {
  serviceType: unknown;
  paymentNumber: unknown;
  proof: unknown;
}

interface ProofDeps {
  db: Db;
  bus: ChangeBus;
  storage: Storage;
  now?: () => number;
}

/**
 * A customer's Zelle proof: checked by its bytes (JPEG, PNG or WebP, at most 10 MB), stored privately,
 * recorded as a pending payment priced from the catalog, and announced to every admin. A refusal leaves
 * no row and no stored file.
 */
export async function submitProof(deps: ProofDeps, actor: Actor | null, input: ProofInput): Promise<PaymentView> {
  const { db, bus, storage } = deps;
  const { id: userId } = requireActor(actor);
  const target = parseTarget(input);
  const file = input.proof;
  if (!(file instanceof Blob) || file.size === 0) throw badRequest(PROOF_MESSAGES.missing);
  if (file.size > MAX_PROOF_BYTES) throw new HttpError(413, PROOF_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = await fileTypeFromBuffer(bytes);
  const ext = sniffed ? PROOF_IMAGE_TYPES[sniffed.mime] : undefined;
  if (!sniffed || !ext) throw badRequest(PROOF_MESSAGES.notImage);

  await refuseIfNotPayable(db, userId, target);
  const amount = paymentAmount(target.serviceType, target.paymentNumber);
  const key = proofKey(
    userId,
    target.serviceType,
    target.paymentNumber,
    uniqueTimestamp((deps.now ?? Date.now)()),
    ext,
  );
  await storage.put(PROOF_BUCKET, key, bytes, sniffed.mime);

  let row: typeof payments.$inferSelect;
  let admins: string[];
  try {
    ({ row, admins } = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(payments)
        .values({
          userId,
          serviceType: target.serviceType,
          paymentNumber: target.paymentNumber,
          amount,
          paymentMethod: "zelle",
          proofUrl: fileRoutePath(PROOF_BUCKET, key),
          status: "pending",
        })
        .returning();
      const [profile] = await tx
        .select({ fullName: profiles.fullName, companyName: profiles.companyName })
        .from(profiles)
        .where(eq(profiles.id, userId));
      const adminList = (await adminIds(tx as unknown as Db)).filter((id) => id !== userId);
      if (adminList.length > 0) {
        const message = proofNotificationMessage(
          profile ?? { fullName: "A customer", companyName: null },
          target.serviceType,
          target.paymentNumber,
          amount,
        );
        await tx
          .insert(notifications)
          .values(
            adminList.map((adminId) => ({
              userId: adminId,
              type: "payment",
              title: PROOF_NOTIFICATION_TITLE,
              message,
            })),
          );
      }
      return { row: inserted!, admins: adminList };
    }));
  } catch (error) {
    await storage
      .delete(PROOF_BUCKET, key)
      .catch((cleanup) => console.error("Could not remove a refused proof:", cleanup));
    // Two submissions raced past the check above: the database's unique index is the last word.
    if (isLivePaymentConflict(error)) {
      throw conflict(
        `A payment for ${paymentSubtitle(target.serviceType, target.paymentNumber)} is already pending review`,
      );
    }
    throw error;
  }

  await bus.publish({ table: "payments", userId });
  await Promise.all(admins.map((adminId) => bus.publish({ table: "notifications", userId: adminId })));
  return toPaymentView(row);
}

export interface CheckoutInput {
  serviceType: unknown;
  paymentNumber: unknown;
  returnPath?: unknown;
}

interface CheckoutDeps {
  db: Db;
  stripe: Stripe | null;
  siteUrl: string;
}

export const CARD_NOT_CONFIGURED = "Card payments are not configured";

/** Starts a Stripe Checkout Session for one catalog payment; the payment is recorded only by the webhook. */
export async function createCheckout(
  deps: CheckoutDeps,
  actor: Actor | null,
  input: CheckoutInput,
): Promise<{ url: string }> {
  const actorChecked = requireActor(actor);
  if (!deps.stripe) throw new HttpError(503, CARD_NOT_CONFIGURED);
  const target = parseTarget(input);
  await refuseIfNotPayable(deps.db, actorChecked.id, target);
  const amount = paymentAmount(target.serviceType, target.paymentNumber);
  const [profile] = await deps.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, actorChecked.id));
  const returnUrl = `${deps.siteUrl}${checkoutReturnPath(input.returnPath)}`;
  const metadata = {
    userId: actorChecked.id,
    serviceType: target.serviceType,
    paymentNumber: String(target.paymentNumber),
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: Math.round(amount * 100),
            product_data: { name: paymentSubtitle(target.serviceType, target.paymentNumber) },
          },
        },
      ],
      client_reference_id: actorChecked.id,
      ...(profile?.email ? { customer_email: profile.email } : {}),
      metadata,
      payment_intent_data: { metadata },
      success_url: `${returnUrl}?checkout=success`,
      cancel_url: `${returnUrl}?checkout=cancelled`,
    });
  } catch (error) {
    console.error("Stripe Checkout Session creation failed:", (error as Error).message);
    throw new HttpError(502, "Error creating payment session");
  }
  if (!session.url) throw new HttpError(502, "No checkout URL returned");
  return { url: session.url };
}

interface WebhookDeps {
  db: Db;
  bus: ChangeBus;
  stripe: Stripe | null;
  webhookSecret: string | undefined;
}

export type WebhookOutcome = "completed" | "completed-pending-zelle" | "already-paid" | "duplicate" | "ignored";

const FULFILLING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

function sessionTarget(session: Stripe.Checkout.Session): (PaymentTarget & { userId: string }) | null {
  const metadata = session.metadata ?? {};
  const parsed = paymentTargetSchema.safeParse({
    serviceType: metadata.serviceType,
    paymentNumber: metadata.paymentNumber,
  });
  const userId = metadata.userId ?? session.client_reference_id;
  if (!parsed.success || !userId || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  return { ...parsed.data, userId };
}

/**
 * Stripe's webhook: verified on the raw body, idempotent on the event id (recorded in the same transaction
 * as its effect). A paid checkout completes the payment. If a Zelle proof for the same payment is still
 * pending, that row is completed as paid by card, with a note in admin_notes (two live rows are not allowed).
 */
export async function handleStripeWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  if (!deps.stripe || !deps.webhookSecret) throw new HttpError(503, "Card payment webhooks are not configured");
  if (!signature) throw badRequest("Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch {
    throw badRequest("Invalid webhook signature");
  }
  if (!FULFILLING_EVENTS.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  const target = sessionTarget(session);
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";

  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const record = async (result: WebhookOutcome, detail: string = result) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, outcome: detail })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    };
    if (!target || !paid) {
      return (await record("ignored", !target ? "ignored: no payment in metadata" : "ignored: not paid"))
        ? "ignored"
        : "duplicate";
    }
    const [owner] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, target.userId));
    if (!owner) return (await record("ignored", "ignored: unknown user")) ? "ignored" : "duplicate";

    const live = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, target.userId),
          eq(payments.serviceType, target.serviceType),
          eq(payments.paymentNumber, target.paymentNumber),
        ),
      )
      .for("update");
    const current = live.find((p) => p.status === "completed") ?? live.find((p) => p.status !== "rejected");
    const result: WebhookOutcome = !current
      ? "completed"
      : current.status === "completed"
        ? "already-paid"
        : "completed-pending-zelle";
    if (!(await record(result))) return "duplicate";

    const amount =
      typeof session.amount_total === "number" && session.amount_total > 0
        ? session.amount_total / 100
        : paymentAmount(target.serviceType as ServiceType, target.paymentNumber);
    if (result === "completed") {
      await tx.insert(payments).values({
        userId: target.userId,
        serviceType: target.serviceType,
        paymentNumber: target.paymentNumber,
        amount,
        paymentMethod: "card",
        status: "completed",
        stripeSessionId: session.id,
      });
    } else if (result === "completed-pending-zelle" && current) {
      const note = `Paid by card (Stripe Checkout ${session.id}) while this Zelle proof was pending review; the proof was not reviewed.`;
      await tx
        .update(payments)
        .set({
          status: "completed",
          paymentMethod: "card",
          amount,
          stripeSessionId: session.id,
          adminNotes: current.adminNotes ? `${current.adminNotes}\n${note}` : note,
        })
        .where(eq(payments.id, current.id));
    } else if (current?.stripeSessionId !== session.id) {
      console.warn(
        `Stripe session ${session.id} paid ${paymentSubtitle(target.serviceType, target.paymentNumber)} a second time; refund it in Stripe.`,
      );
    }
    return result;
  });

  if ((outcome === "completed" || outcome === "completed-pending-zelle") && target) {
    await deps.bus.publish({ table: "payments", userId: target.userId });
  }
  return outcome;
}

/** Who may read a stored file: its owner (the key's first segment) and admins. */
export function mayReadFile(actor: Actor, key: string): boolean {
  return actor.isAdmin || key.split("/")[0] === actor.id;
}
