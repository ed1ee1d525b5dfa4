import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { formatMoney } from "~/lib/i18n/format";

/**
 * The wording of the notifications (and their e-mails) about care plans: a new subscriber (to the admins), a monthly
 * charge paid, a charge that failed (to both), a plan that ended (to both). The plan's name is kept in both languages
 * and read in the reader's.
 */

const planName = z.object({ en: z.string(), es: z.string() });
const customerRef = z.object({ customerId: z.string(), fullName: z.string(), companyName: z.string().nullable() });

export const planNotificationData = z.discriminatedUnion("kind", [
  /** To the admins: a customer took a plan (its first charge is paid). */
  customerRef.extend({ kind: z.literal("started"), plan: planName, price: z.number() }),
  /** To the customer: a month of their plan was charged, with the receipt's number. */
  z.object({
    kind: z.literal("charged"),
    plan: planName,
    amount: z.number(),
    receiptNumber: z.number().int().nullable(),
  }),
  /** To the customer: a charge failed; the card can be changed from the link. */
  z.object({ kind: z.literal("failed"), plan: planName, amount: z.number() }),
  /** To the admins: a customer's charge failed; their plan is past due. */
  customerRef.extend({ kind: z.literal("failed_admin"), plan: planName, amount: z.number() }),
  /** To the customer: their plan ended (cancelled at the period's end, or the provider gave up on the charge). */
  z.object({ kind: z.literal("ended"), plan: planName, unpaid: z.boolean() }),
  /** To the admins: a customer's plan ended. */
  customerRef.extend({ kind: z.literal("ended_admin"), plan: planName, unpaid: z.boolean() }),
]);
export type PlanNotificationData = z.infer<typeof planNotificationData>;

export function planNotification(
  i18n: I18n,
  data: PlanNotificationData,
  who: string | null,
): { title: string; message: string } {
  const name = i18n.locale === "es" ? data.plan.es : data.plan.en;
  const customer = who ?? i18n._(msg`A customer`);
  switch (data.kind) {
    case "started": {
      const price = formatMoney(data.price, i18n.locale);
      return {
        title: i18n._(msg`New plan subscriber`),
        message: i18n._(msg`${customer} subscribed to ${name} (${price} a month)`),
      };
    }
    case "charged": {
      const amount = formatMoney(data.amount, i18n.locale, { cents: true });
      return {
        title: i18n._(msg`Plan payment received`),
        message:
          data.receiptNumber === null
            ? i18n._(msg`We received your ${amount} payment for ${name}. Thank you!`)
            : i18n._(
                msg`We received your ${amount} payment for ${name}. Your receipt number is ${data.receiptNumber}.`,
              ),
      };
    }
    case "failed": {
      const amount = formatMoney(data.amount, i18n.locale, { cents: true });
      return {
        title: i18n._(msg`Your plan payment failed`),
        message: i18n._(
          msg`We could not charge ${amount} for ${name}. Please update your card so your plan continues; we will try again.`,
        ),
      };
    }
    case "failed_admin": {
      const amount = formatMoney(data.amount, i18n.locale, { cents: true });
      return {
        title: i18n._(msg`Plan payment failed`),
        message: i18n._(msg`${customer}: the ${amount} charge for ${name} failed. The plan is past due.`),
      };
    }
    case "ended":
      return {
        title: i18n._(msg`Your plan has ended`),
        message: data.unpaid
          ? i18n._(msg`${name} ended because its payment could not be collected.`)
          : i18n._(msg`${name} has ended. Thank you for being with us.`),
      };
    case "ended_admin":
      return {
        title: i18n._(msg`Plan ended`),
        message: data.unpaid
          ? i18n._(msg`${customer}: ${name} ended, its payment could not be collected.`)
          : i18n._(msg`${customer}: ${name} ended.`),
      };
  }
}
