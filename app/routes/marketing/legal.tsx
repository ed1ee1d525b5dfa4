import { data } from "react-router";
import { LegalPage } from "~/features/legal/components/legal-page";
import { legalPageContent } from "~/features/legal/legal-page-content.server";
import { legalPageAt } from "~/features/legal/legal-pages";
import { servicesIfRunning, siteConfigInForce, siteUrlFor } from "~/lib/config/public-settings.server";
import type { Route } from "./+types/legal";

/**
 * The Privacy Policy, Terms of Service and Refund Policy, in English (`/privacy`, `/terms`, `/refunds`) and Spanish
 * (`/es/...`): one module under six route ids (app/routes.ts), the page and language taken from the path as the
 * landing page does. Rendered per request, not pre-rendered: the text is the admin settings' (Legal tab), read at
 * request time; the style sheet is inlined for the first paint, as on sign-up.
 */
/** Nothing on these pages shows a toast: the notifier's code is not loaded for them (components/ui/toast.tsx). */
export const handle = { deferToaster: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const at = legalPageAt(new URL(request.url).pathname);
  if (!at) throw data("Not found", { status: 404 });
  const services = servicesIfRunning(context);
  if (!services) throw data("Not available", { status: 503 });
  const [{ legal }, site] = await Promise.all([services.settings.get(), siteConfigInForce(context)]);
  const facts = { companyName: site.agencyName, supportEmail: site.email, cardPayments: services.stripe !== null };
  return legalPageContent(at.page, at.locale, legal, facts, siteUrlFor(context));
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Legal({ loaderData }: Route.ComponentProps) {
  return <LegalPage content={loaderData} />;
}
