import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { GoogleBusinessInformation } from "~/features/business-info/components/google-business-form";
import { getGoogleBusinessInfo } from "~/features/business-info/get-google-business-info.server";
import { GOOGLE_TEXTS, googleBusinessFormSchema } from "~/features/business-info/google-business.schemas";
import { saveGoogleBusinessInfo } from "~/features/business-info/save-google-business-info.server";
import { PaymentGate } from "~/features/payments/components/payment-gate";
import { latestPayment } from "~/features/payments/payment-state";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import type { ActionResult } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import { readInformationForm, saveFailure } from "~/lib/information-form.server";
import { requireUser, services, sessionUser } from "~/lib/route-guards.server";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/google-business";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Google My Business" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { database, stripe } = services(context);
  const payment = latestPayment(await listOwnPayments(database, user), "google_business", 1);
  const completed = payment?.status === "completed";
  // The information is sent only behind a completed payment, as the page shows it.
  const info = completed ? await getGoogleBusinessInfo({ db: database.db }, user, { userId: user.id }) : null;
  return {
    payment: payment ? { status: payment.status } : null,
    cardEnabled: stripe !== null,
    info,
    title: requestContext(context).i18n._(msg`Google My Business`),
  };
}

/**
 * The form's save (multipart: the fields, `logo`, `photos`, `keepPhotos[i]`): answers `{ ok: true, message }`
 * or a 4xx/5xx `{ ok: false, error }`. Its body limit is in server/body-limit.ts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus, storage, secrets } = services(context);
  const { i18n } = requestContext(context);
  try {
    const actor = sessionUser(context);
    if (!actor) throw new AppError("not_signed_in", { message: GOOGLE_TEXTS.notSignedIn });
    const formData = await readInformationForm(request);
    const saved = await getGoogleBusinessInfo({ db: database.db }, actor, { userId: actor.id });
    const parsed = await parseForm(formData, googleBusinessFormSchema({ passwordSaved: saved?.gmailPassword.isSet ?? false }));
    if (!parsed.ok) return formFailure(parsed);
    await saveGoogleBusinessInfo({ db: database.db, bus, storage, secrets }, actor, {
      fields: parsed.value,
      logo: formData.get("logo") ?? undefined,
      photos: formData.getAll("photos"),
    });
    return { ok: true, message: i18n._(GOOGLE_TEXTS.saved) } satisfies ActionResult;
  } catch (error) {
    return saveFailure(error, i18n._(GOOGLE_TEXTS.saveFailed)) ?? actionFailure(error, i18n);
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Google My Business`} description={t`Your Google Business Profile information.`} />
      <PaymentGate
        serviceType="google_business"
        paymentNumber={1}
        payment={loaderData.payment}
        cardEnabled={loaderData.cardEnabled}
        prompt={
          <p lang="es">Para continuar, realiza el pago de $250 por la configuración de tu Perfil de Google Business.</p>
        }
      >
        <GoogleBusinessInformation info={loaderData.info} />
      </PaymentGate>
    </>
  );
}
