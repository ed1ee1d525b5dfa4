import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { PageTitle } from "~/components/nav-shell";
import { GOOGLE_TEXTS } from "~/features/business-info/google-business.schemas";
import { PayButton, PaymentGate } from "~/features/payments/components/payment-gate";
import { latestPayment, secondPaymentBanner } from "~/features/payments/payment-state";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { WebsiteInformation } from "~/features/website-info/components/website-info-form";
import { getWebsiteInfo } from "~/features/website-info/get-website-info.server";
import { saveWebsiteInfo } from "~/features/website-info/save-website-info.server";
import { WEBSITE_TEXTS, websiteInfoFormSchema } from "~/features/website-info/website-info.schemas";
import { HttpError, notSignedIn } from "~/lib/errors";
import { requestContext } from "~/lib/http/request-context.server";
import { localizeMessage } from "~/lib/i18n/server-message.server";
import type { ActionResult } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { readInformationForm, saveFailure } from "~/lib/information-form.server";
import { errorResponse, requireUser, services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/website";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Website" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { database, stripe } = services(context);
  const payments = await listOwnPayments(database, user);
  const first = latestPayment(payments, "website", 1);
  const second = latestPayment(payments, "website", 2);
  // The information is sent only behind a completed first payment, as the page shows it.
  const info =
    first?.status === "completed" ? await getWebsiteInfo({ db: database.db }, user, { userId: user.id }) : null;
  return {
    first: first ? { status: first.status } : null,
    second: second ? { status: second.status } : null,
    cardEnabled: stripe !== null,
    info,
    title: requestContext(context).i18n._(msg`Website`),
  };
}

/**
 * The form's save (multipart: the fields, `logo`, `founderPhoto`): answers `{ ok: true, message }` or a
 * 4xx/5xx `{ ok: false, error }`. Its body limit is in server/body-limit.ts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus, storage, secrets } = services(context);
  // The answers' messages in the request's language (the schema re-checks in English on the server).
  const { locale, i18n } = requestContext(context);
  const localized = (failure: { error: string }) => ({ error: localizeMessage(locale, failure.error) });
  try {
    const actor = sessionUser(context);
    if (!actor) throw notSignedIn(i18n._(GOOGLE_TEXTS.notSignedIn));
    const formData = await readInformationForm(request);
    if (!formData.ok) return formFailure(localized(formData));
    const parsed = await parseForm(formData.value, websiteInfoFormSchema);
    if (!parsed.ok) return formFailure(localized(parsed));
    await saveWebsiteInfo({ db: database.db, bus, storage, secrets }, actor, {
      fields: parsed.value,
      logo: formData.value.get("logo") ?? undefined,
      founderPhoto: formData.value.get("founderPhoto") ?? undefined,
    });
    return { ok: true, message: i18n._(WEBSITE_TEXTS.saved) } satisfies ActionResult;
  } catch (error) {
    const refusal = error instanceof HttpError ? new HttpError(error.status, localizeMessage(locale, error.message)) : error;
    return saveFailure(refusal, i18n._(WEBSITE_TEXTS.saveFailed)) ?? errorResponse(refusal);
  }
}

function SecondPaymentBanner({ second, cardEnabled }: { second: { status: string } | null; cardEnabled: boolean }) {
  const banner = secondPaymentBanner(second);
  if (banner === "none") return null;
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
          <p className="flex items-center gap-2 text-sm text-red-800">
            <XCircle aria-hidden="true" className="size-4" />
            <Trans>Second payment rejected - Try again</Trans>
          </p>
        ) : (
          <p className="text-sm text-green-900">
            <Trans>The remaining 50% is due before your website launches.</Trans>
          </p>
        )}
      </div>
      {banner === "offer" || banner === "rejected" ? (
        <PayButton serviceType="website" paymentNumber={2} cardEnabled={cardEnabled}>
          <Trans>Pay Second 50% ($350)</Trans>
        </PayButton>
      ) : null}
    </div>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { first, second, cardEnabled, info } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Website`} description={t`Your website project information.`} />
      <PaymentGate
        serviceType="website"
        paymentNumber={1}
        payment={first}
        cardEnabled={cardEnabled}
        prompt={
          <p>
            <Trans>Pay the first 50% ($350) to start your website. The second 50% ($350) is paid later.</Trans>
          </p>
        }
      >
        <SecondPaymentBanner second={second} cardEnabled={cardEnabled} />
        <WebsiteInformation info={info} />
      </PaymentGate>
    </>
  );
}
