import { getTableName } from "drizzle-orm";
import { z } from "zod";
import { googleBusinessInfo, payments, reviewRounds, websiteInfo } from "~db/schema";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import { GOOGLE_BUSINESS_STEPS, WEBSITE_STEPS } from "~/domain/progress-steps";
import { SERVICE_CATALOG } from "~/domain/service-catalog";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Services } from "~/lib/services.server";

const service = z.enum(["google_business", "website"]);
const stepsOf = <T extends readonly { key: string }[]>(steps: T) =>
  z.array(z.enum(steps.map((step) => step.key) as [T[number]["key"], ...T[number]["key"][]]));

/**
 * Where a test's customer stands, each part optional (a customer who only signed up by default): the tests' one way
 * to start from a given state, the integration harness's `app.customer(state)` and the end-to-end hook alike.
 */
export const customerStateSchema = z.object({
  /** Services paid in full: every payment completed, by Zelle. */
  paid: z.array(service).optional(),
  /** Services with only their first payment completed (the website's second one still to pay). */
  paidFirstOf: z.array(service).optional(),
  /** Services whose information form was sent: its row, and the checklist's first step marked as a received form marks it. */
  informationSent: z.array(service).optional(),
  /** Checklist steps an admin ticked, per service. */
  progress: z
    .object({ google_business: stepsOf(GOOGLE_BUSINESS_STEPS).optional(), website: stepsOf(WEBSITE_STEPS).optional() })
    .optional(),
  /** Services with a review round (version 1) waiting for the customer's decision. */
  roundWaiting: z.array(service).optional(),
});
export type CustomerState = z.infer<typeof customerStateSchema>;

/**
 * Writes the rows of `state` for a signed-up customer, in one transaction, through the product's own writers where it
 * has them (the checklist's step writer; completed payments get their receipt numbers from the database's trigger),
 * then publishes what changed, so open pages follow as they would.
 */
export async function bringCustomerTo(
  services: Pick<Services, "db" | "bus">,
  userId: string,
  state: CustomerState,
): Promise<void> {
  const changes: Change[] = [];
  await services.db.transaction(async (tx) => {
    const paidUpTo = [
      ...(state.paid ?? []).map((paid) => [paid, SERVICE_CATALOG[paid].payments] as const),
      ...(state.paidFirstOf ?? []).map((paid) => [paid, 1] as const),
    ];
    for (const [paid, count] of paidUpTo) {
      for (let paymentNumber = 1; paymentNumber <= count; paymentNumber += 1) {
        const amount = SERVICE_CATALOG[paid].amountPerPayment;
        await tx
          .insert(payments)
          .values({ userId, serviceType: paid, paymentNumber, amount, paymentMethod: "zelle", status: "completed" });
      }
      changes.push({ table: "payments", userId });
    }
    for (const sent of state.informationSent ?? []) {
      const table = sent === "google_business" ? googleBusinessInfo : websiteInfo;
      await tx.insert(table).values({ userId, legalBusinessName: "Casey Plumbing LLC" });
      changes.push({ table: getTableName(table), userId });
      const mark = { userId, done: true, auto: "information" as const };
      const marked =
        sent === "google_business"
          ? await setProgressStep(tx, { ...mark, service: "google_business", step: "informationCollection" })
          : await setProgressStep(tx, { ...mark, service: "website", step: "clientInfoReceived" });
      changes.push(...marked.changes);
    }
    for (const step of state.progress?.google_business ?? []) {
      changes.push(...(await setProgressStep(tx, { userId, service: "google_business", step, done: true })).changes);
    }
    for (const step of state.progress?.website ?? []) {
      changes.push(...(await setProgressStep(tx, { userId, service: "website", step, done: true })).changes);
    }
    for (const waiting of state.roundWaiting ?? []) {
      await tx
        .insert(reviewRounds)
        .values({ userId, service: waiting, version: 1, title: "First draft", message: "Please take a look." });
      changes.push({ table: "review_rounds", userId });
    }
  });
  await publishChanges(services.bus, changes);
}
