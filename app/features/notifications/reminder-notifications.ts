import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { href } from "react-router";
import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { paymentPriceIn, paymentSubtitleIn, serviceNameIn, servicePriceIn } from "~/domain/service-texts";
import { CUSTOMER_HOME, payPath, SERVICE_PAGE } from "~/lib/http/paths";

/**
 * The wording of a reminder, one per thing waiting on the customer: the bell's row, and one paragraph of the reminder
 * e-mail (which lists every reminder due that day). Each says what is waiting and links to where it is done.
 */

const service = z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]]);

export const reminderNotificationData = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("unpaid_signup") }),
  z.object({ kind: z.literal("information_form"), service }),
  z.object({ kind: z.literal("approval_round"), service, version: z.number().int(), title: z.string() }),
  z.object({ kind: z.literal("second_payment") }),
  z.object({ kind: z.literal("rejected_payment"), service, paymentNumber: z.number().int() }),
  z.object({ kind: z.literal("unread_messages"), count: z.number().int().min(1) }),
]);
export type ReminderNotificationData = z.infer<typeof reminderNotificationData>;

export function reminderNotification(i18n: I18n, data: ReminderNotificationData): { title: string; message: string } {
  switch (data.kind) {
    case "unpaid_signup": {
      const google = servicePriceIn(i18n.locale, "google_business");
      const website = servicePriceIn(i18n.locale, "website");
      return {
        title: i18n._(msg`Your account is ready for a service`),
        message: i18n._(
          msg`You have not chosen a service yet: a Google Business Profile set up for you (${google}) or a custom website (${website}). Choose one and pay to get started.`,
        ),
      };
    }
    case "information_form": {
      const what = serviceNameIn(i18n, data.service);
      return {
        title: i18n._(msg`We are waiting for your information`),
        message: i18n._(
          msg`Your ${what} is paid. Send us your business information in its form so that we can start; it takes a few minutes.`,
        ),
      };
    }
    case "approval_round": {
      const what = serviceNameIn(i18n, data.service);
      const { title, version } = data;
      return {
        title: i18n._(msg`Still waiting for your approval`),
        message: i18n._(msg`${what}: ${title} (v${version}) is waiting for you. Approve it or tell us what to change.`),
      };
    }
    case "second_payment": {
      const amount = paymentPriceIn(i18n.locale, "website", 2);
      return {
        title: i18n._(msg`Your website's second payment is due`),
        message: i18n._(
          msg`Your website is ready for your review. The second payment of ${amount} is due to launch it.`,
        ),
      };
    }
    case "rejected_payment": {
      const what = paymentSubtitleIn(i18n, data.service, data.paymentNumber);
      return {
        title: i18n._(msg`Your payment still needs you`),
        message: i18n._(msg`Your payment for ${what} could not be confirmed. Please send it again.`),
      };
    }
    case "unread_messages":
      return {
        title: i18n._(msg`You have unread messages`),
        message: i18n._(
          msg`${plural(data.count, { one: "# message from the team is waiting for you.", other: "# messages from the team are waiting for you." })}`,
        ),
      };
  }
}

/** Where a reminder's thing is done: the progress page (choose a service), the form, the round, the payment dialog, the thread. */
export function reminderLink(data: ReminderNotificationData): string {
  switch (data.kind) {
    case "unpaid_signup":
      return CUSTOMER_HOME;
    case "information_form":
    case "approval_round":
      return SERVICE_PAGE[data.service];
    case "second_payment":
      return payPath("website", 2);
    case "rejected_payment":
      return payPath(data.service, data.paymentNumber);
    case "unread_messages":
      return href("/dashboard/messages");
  }
}
