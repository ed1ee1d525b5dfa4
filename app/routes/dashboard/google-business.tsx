import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { CustomerDeliveries } from "~/features/approvals/components/customer-deliveries";
import { listOwnReviewRounds } from "~/features/approvals/list-review-rounds.server";
import { GoogleBusinessInformation } from "~/features/information/google-business/components/google-business-form";
import { getGoogleBusinessInfo } from "~/features/information/google-business/get-google-business-info.server";
import { GOOGLE_TEXTS, googleBusinessFormSchema } from "~/features/information/google-business/google-business.schemas";
import { saveGoogleBusinessInfo } from "~/features/information/google-business/save-google-business-info.server";
import { listOwnDeliveredFiles } from "~/features/delivered-files/list-delivered-files.server";
import { PaymentGate } from "~/features/payments/components/payment-gate";
import { paymentPriceIn } from "~/domain/service-texts";
import { latestPayment } from "~/features/payments/payment-state";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { toPaymentStanding } from "~/features/payments/payment-views";
import { getInformationPrefill } from "~/features/information/get-information-prefill.server";
import { informationForm } from "~/features/information/information-form.server";
import { ServicePlanOffers } from "~/features/plans/components/customer-plans";
import { listServicePlanOffers } from "~/features/plans/list-service-plan-offers.server";
import { requireUser } from "~/lib/auth/route-guards.server";
import { formAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/google-business";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Google My Business" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { services, i18n, locale } = requestContext(context);
  const [payments, rounds, files, planOffers] = await Promise.all([
    listOwnPayments(services, user),
    listOwnReviewRounds(services, user),
    listOwnDeliveredFiles(services, user),
    // Once the service's last step is done, the plans that keep it up every month.
    listServicePlanOffers(services, user, { service: "google_business", locale }),
  ]);
  const payment = latestPayment(payments, "google_business", 1);
  const completed = payment?.status === "completed";
  // The information is sent only behind a completed payment, as the page shows it.
  const info = completed ? await getGoogleBusinessInfo(services, user, { userId: user.id }) : null;
  // An empty form starts from what the customer already gave (the website form, the sign-up).
  const prefill =
    completed && !info ? await getInformationPrefill(services, user, { service: "google_business" }) : null;
  return {
    payment: payment ? toPaymentStanding(payment) : null,
    cardEnabled: services.stripe !== null,
    info,
    prefill,
    rounds: rounds.google_business,
    files: files.google_business,
    planOffers,
    title: i18n._(msg`Google My Business`),
  };
}

/** The form's save (multipart: the fields, `logo`, `photos`, `keepPhotos[i]`), through the information kit. */
const googleBusinessForm = informationForm({
  schema: async (services, actor) => {
    const saved = await getGoogleBusinessInfo(services, actor, { userId: actor.id });
    return googleBusinessFormSchema({ passwordSaved: saved?.gmailPassword.isSet ?? false });
  },
  save: (services, actor, fields, form) =>
    saveGoogleBusinessInfo(services, actor, {
      fields,
      logo: form.get("logo") ?? undefined,
      photos: form.getAll("photos"),
    }),
  texts: GOOGLE_TEXTS,
});

export async function action(args: Route.ActionArgs) {
  return formAction(args, googleBusinessForm);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { rounds, files, planOffers } = loaderData;
  const { t, i18n } = useLingui();
  const price = paymentPriceIn(i18n.locale, "google_business", 1);
  return (
    <>
      <PageTitle title={t`Google My Business`} description={t`Your Google Business Profile information.`} />
      {/* Outside the payment gate: rounds and files come only after a payment, and stay the customer's whatever
          its state later (a refund, a rejected retry). */}
      <ServicePlanOffers offers={planOffers} />
      <CustomerDeliveries rounds={rounds} files={files} />
      <PaymentGate
        serviceType="google_business"
        paymentNumber={1}
        payment={loaderData.payment}
        cardEnabled={loaderData.cardEnabled}
        prompt={
          <p>
            <Trans>To continue, pay {price} for the setup of your Google Business Profile.</Trans>
          </p>
        }
      >
        <GoogleBusinessInformation info={loaderData.info} prefill={loaderData.prefill} />
      </PaymentGate>
    </>
  );
}
