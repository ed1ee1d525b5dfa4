import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { PageTitle } from "~/components/nav-shell";
import { CustomerDeliveries } from "~/features/approvals/components/customer-deliveries";
import { listOwnReviewRounds } from "~/features/approvals/list-review-rounds.server";
import { listOwnDeliveredFiles } from "~/features/delivered-files/list-delivered-files.server";
import { PayButton, PaymentGate } from "~/features/payments/components/payment-gate";
import { paymentPriceIn } from "~/domain/service-texts";
import { latestPayment, secondPaymentBanner } from "~/features/payments/payment-state";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { toPaymentStanding, type PaymentStanding } from "~/features/payments/payment-views";
import { RejectedPaymentActions, RejectionReason } from "~/features/payments/components/rejected-payment";
import { WebsiteInformation } from "~/features/information/website/components/website-info-form";
import { getWebsiteInfo } from "~/features/information/website/get-website-info.server";
import { saveWebsiteInfo } from "~/features/information/website/save-website-info.server";
import { WEBSITE_TEXTS, websiteInfoFormSchema } from "~/features/information/website/website-info.schemas";
import { requestContext } from "~/lib/http/request-context.server";
import { getInformationPrefill } from "~/features/information/get-information-prefill.server";
import { informationForm } from "~/features/information/information-form.server";
import { ServicePlanOffers } from "~/features/plans/components/customer-plans";
import { listServicePlanOffers } from "~/features/plans/list-service-plan-offers.server";
import { requireUser } from "~/lib/auth/route-guards.server";
import { formAction } from "~/lib/http/actions.server";
import type { Route } from "./+types/website";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Website" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { services, i18n, locale } = requestContext(context);
  const [payments, rounds, files, planOffers] = await Promise.all([
    listOwnPayments(services, user),
    listOwnReviewRounds(services, user),
    listOwnDeliveredFiles(services, user),
    // Once the service's last step is done, the plans that keep it up every month.
    listServicePlanOffers(services, user, { service: "website", locale }),
  ]);
  const first = latestPayment(payments, "website", 1);
  const second = latestPayment(payments, "website", 2);
  // The information is sent only behind a completed first payment, as the page shows it.
  const completed = first?.status === "completed";
  const info = completed ? await getWebsiteInfo(services, user, { userId: user.id }) : null;
  // An empty form starts from what the customer already gave (the Google Business form, the sign-up).
  const prefill = completed && !info ? await getInformationPrefill(services, user, { service: "website" }) : null;
  return {
    first: first ? toPaymentStanding(first) : null,
    second: second ? toPaymentStanding(second) : null,
    cardEnabled: services.stripe !== null,
    info,
    prefill,
    rounds: rounds.website,
    files: files.website,
    planOffers,
    title: i18n._(msg`Website`),
  };
}

/** The form's save (multipart: the fields, `logo`, `founderPhoto`), through the information kit. */
const websiteForm = informationForm({
  schema: () => websiteInfoFormSchema,
  save: (services, actor, fields, form) =>
    saveWebsiteInfo(services, actor, {
      fields,
      logo: form.get("logo") ?? undefined,
      founderPhoto: form.get("founderPhoto") ?? undefined,
    }),
  texts: WEBSITE_TEXTS,
});

export async function action(args: Route.ActionArgs) {
  return formAction(args, websiteForm);
}

function SecondPaymentBanner({ second, cardEnabled }: { second: PaymentStanding | null; cardEnabled: boolean }) {
  const { i18n } = useLingui();
  const banner = secondPaymentBanner(second);
  if (banner === "none") return null;
  const price = paymentPriceIn(i18n.locale, "website", 2);
  return (
    <div
      role="status"
      data-testid="second-payment-banner"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="space-y-1">
        <p className="flex items-center gap-2 font-semibold text-green-900">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          <Trans>First payment completed</Trans>
        </p>
        {banner === "pending" ? (
          <p className="flex items-center gap-2 text-sm text-yellow-900">
            <Clock aria-hidden="true" className="size-4" />
            <Trans>Second payment pending review</Trans>
          </p>
        ) : banner === "rejected" ? (
          <>
            <p className="flex items-center gap-2 text-sm text-red-800">
              <XCircle aria-hidden="true" className="size-4" />
              <Trans>Second payment rejected - Try again</Trans>
            </p>
            <RejectionReason reason={second?.rejectionReason} className="text-sm text-red-900" />
          </>
        ) : (
          <p className="text-sm text-green-900">
            <Trans>The remaining 50% is due before your website launches.</Trans>
          </p>
        )}
      </div>
      {banner === "offer" ? (
        <PayButton serviceType="website" paymentNumber={2} cardEnabled={cardEnabled}>
          <Trans>Pay Second 50% ({price})</Trans>
        </PayButton>
      ) : banner === "rejected" && second ? (
        <RejectedPaymentActions
          payment={second}
          serviceType="website"
          paymentNumber={2}
          cardEnabled={cardEnabled}
          tryAgain={<Trans>Pay Second 50% ({price})</Trans>}
          className="flex flex-wrap gap-2"
        />
      ) : null}
    </div>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { first, second, cardEnabled, info, prefill, rounds, files, planOffers } = loaderData;
  const { t, i18n } = useLingui();
  const firstPrice = paymentPriceIn(i18n.locale, "website", 1);
  const secondPrice = paymentPriceIn(i18n.locale, "website", 2);
  return (
    <>
      <PageTitle title={t`Website`} description={t`Your website project information.`} />
      {/* Outside the payment gate: rounds and files come only after the first payment, and stay the customer's
          whatever its state later (a refund, a rejected retry). */}
      <ServicePlanOffers offers={planOffers} />
      <CustomerDeliveries rounds={rounds} files={files} />
      <PaymentGate
        serviceType="website"
        paymentNumber={1}
        payment={first}
        cardEnabled={cardEnabled}
        prompt={
          <p>
            <Trans>
              Pay the first 50% ({firstPrice}) to start your website. The second 50% ({secondPrice}) is paid later.
            </Trans>
          </p>
        }
      >
        <SecondPaymentBanner second={second} cardEnabled={cardEnabled} />
        <WebsiteInformation info={info} prefill={prefill} />
      </PaymentGate>
    </>
  );
}
