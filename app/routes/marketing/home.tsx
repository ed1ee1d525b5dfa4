import { LandingPage } from "~/features/marketing/components/landing-page";
import { landingContentFor } from "~/features/marketing/content";
import { landingLocale } from "~/features/marketing/landing";
import { LANDING_PAGE_SCRIPT } from "~/features/marketing/landing-page-script.server";
import { servePrerenderedLanding } from "~/features/marketing/prerendered-landing.server";
import { landingMeta } from "~/features/marketing/seo";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { siteConfigFor, siteConfigInForce, siteUrlFor } from "~/lib/config/public-settings.server";
import type { Route } from "./+types/home";

// `/` (English) and `/es` (Spanish, route id "routes/marketing/home-es" in app/routes.ts): both pre-rendered at
// build time (react-router.config.ts); the middleware serves those files to visitors. The server renders them
// without React Router's scripts: they load one small script of their own instead (`staticPageScript`, app/root.tsx).
export const middleware: Route.MiddlewareFunction[] = [servePrerenderedLanding];

/** The landing page shows no toasts: the notifier's code is not loaded for it (see components/ui/toast.tsx). */
export const handle = { deferToaster: true };

/**
 * The copy and the head tags come from here, in the page's language (by its path, not the visitor's choice:
 * each page is one pre-rendered file), so they are data in the HTML rather than code in the page's JavaScript
 * (see content.ts), and the page loads no i18n code. `locale` sets `<html lang>` (app/root.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = landingLocale(new URL(request.url).pathname);
  const i18n = i18nFor(locale);
  const siteConfig = siteConfigFor(context);
  return {
    locale,
    // The name the page shows (the admin settings' Company Name once running), as the logo does.
    content: landingContentFor(i18n, (await siteConfigInForce(context)).agencyName),
    meta: landingMeta(siteUrlFor(context), siteConfig, i18n, locale),
    // The carousels and the industry dialogs without React (features/marketing/enhance/landing-page.ts).
    staticPageScript: LANDING_PAGE_SCRIPT,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? [{ title: "Google Business Profile and websites for service businesses" }];

export default function Home({ loaderData }: Route.ComponentProps) {
  return <LandingPage content={loaderData.content} locale={loaderData.locale} />;
}
