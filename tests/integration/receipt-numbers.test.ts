import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { payments, receiptSequence } from "~db/schema";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import type { Db } from "~/lib/db/db.server";
import type { SignedIn } from "./support";
import { testApp } from "./test-app";

/**
 * Receipt numbers come from one sequence without gaps (the payments_receipt_number trigger and the one-row
 * receipt_sequence table): concurrent completions queue on the sequence row, and a completion that rolls back gives
 * its number back. On PostgreSQL (TEST_DATABASE_URL) the approvals below really run at once on separate connections;
 * on PGlite they are serialized, and the numbers must come out the same.
 */

const CONCURRENT = 20;

const app = testApp();
let admin: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
});

async function lastNumber(): Promise<number> {
  const [row] = await app.db
    .select({ last: receiptSequence.lastNumber })
    .from(receiptSequence)
    .where(eq(receiptSequence.id, 1));
  return row!.last;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("receipt numbers", () => {
  it(`have no gaps under ${CONCURRENT} concurrent approvals, and a completion that rolls back gives its number back`, async () => {
    const customers = await Promise.all(
      Array.from({ length: CONCURRENT + 1 }, (_, index) => app.customer({ name: `Concurrent ${index}` })),
    );
    const paymentIds = await Promise.all(customers.map((customer) => app.payment(customer.id)));
    const failingId = paymentIds[CONCURRENT / 2]!;
    const approvedIds = paymentIds.filter((id) => id !== failingId);
    const before = await lastNumber();

    // The failing completion is the real use case on a database whose transaction fails after all of its work: the
    // payment is completed (and numbered by the trigger), its notification and audit event written, then the
    // transaction holds the sequence row a moment longer and rolls back.
    let numberTakenInside: number | null = null;
    const failingDb = Object.create(app.db) as Db;
    failingDb.transaction = ((work: Parameters<Db["transaction"]>[0], config?: Parameters<Db["transaction"]>[1]) =>
      app.db.transaction(async (tx) => {
        await work(tx);
        const [row] = await tx
          .select({ receiptNumber: payments.receiptNumber })
          .from(payments)
          .where(eq(payments.id, failingId));
        numberTakenInside = row!.receiptNumber;
        await sleep(50);
        throw new Error("the completion failed after its receipt number was taken");
      }, config)) as Db["transaction"];

    const decide = (paymentId: string) =>
      decidePayment({ ...app.services, db: paymentId === failingId ? failingDb : app.db }, admin.user, {
        paymentId,
        decision: "approve",
      });
    const results = await Promise.allSettled(paymentIds.map(decide));

    const failures = results.flatMap((result, index) =>
      result.status === "rejected" ? [{ id: paymentIds[index], reason: String(result.reason) }] : [],
    );
    expect(failures).toEqual([{ id: failingId, reason: expect.stringContaining("the completion failed") }]);
    expect(numberTakenInside).not.toBeNull();

    const approved = await app.db
      .select({
        id: payments.id,
        status: payments.status,
        receiptNumber: payments.receiptNumber,
        completedAt: payments.completedAt,
      })
      .from(payments)
      .where(inArray(payments.id, approvedIds));
    expect(approved.every((row) => row.status === "completed" && row.completedAt !== null)).toBe(true);
    const numbers = approved.map((row) => row.receiptNumber!).sort((a, b) => a - b);
    const max = Math.max(...numbers);
    // Exactly max-19..max: every number given once, none skipped for the one that rolled back.
    expect(numbers).toEqual(Array.from({ length: CONCURRENT }, (_, index) => max - CONCURRENT + 1 + index));
    expect(max).toBe(before + CONCURRENT);
    expect(await lastNumber()).toBe(max);

    // The failed completion left nothing behind: still pending, no number, no completion time.
    const [failed] = await app.db.select().from(payments).where(eq(payments.id, failingId));
    expect(failed).toMatchObject({ status: "pending", receiptNumber: null, completedAt: null });

    // Approved again, it gets the next number: the one it had taken was reused, not lost.
    await decidePayment(app.services, admin.user, {
      paymentId: failingId,
      decision: "approve",
    });
    const [retried] = await app.db
      .select({ receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.id, failingId));
    expect(retried!.receiptNumber).toBe(max + 1);
    expect([...numbers, retried!.receiptNumber]).toContain(numberTakenInside);
    expect(await lastNumber()).toBe(max + 1);
  }, 120_000);

  it("a payment refunded in full keeps its number; a rejected one never gets one", async () => {
    const customer = await app.customer({ name: "Refunded Later" });
    const paymentId = await app.payment(customer.id);
    await decidePayment(app.services, admin.user, { paymentId, decision: "approve" });
    const [completed] = await app.db
      .select({ receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.id, paymentId));
    await app.db.update(payments).set({ status: "refunded", refundedAmount: 250 }).where(eq(payments.id, paymentId));
    const [refunded] = await app.db
      .select({ receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(refunded!.receiptNumber).toBe(completed!.receiptNumber);

    const other = await app.customer({ name: "Rejected" });
    const rejectedId = await app.payment(other.id);
    const before = await lastNumber();
    await decidePayment(app.services, admin.user, {
      paymentId: rejectedId,
      decision: "reject",
      notes: "The transfer never arrived",
    });
    const [rejected] = await app.db
      .select({ receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.id, rejectedId));
    expect(rejected!.receiptNumber).toBeNull();
    expect(await lastNumber()).toBe(before);
  });
});
