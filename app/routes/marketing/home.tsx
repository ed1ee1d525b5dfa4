import { LandingPage } from "~/features/marketing/components/landing-page";
import { landingContent } from "~/features/marketing/content";
import { servePrerenderedLanding } from "~/features/marketing/prerendered-landing.server";
import { landingMeta } from "~/features/marketing/seo";
import { siteConfigFor, siteUrlFor } from "~/lib/public-settings.server";
import type { Route } from "./+types/home";

// Pre-rendered at build time (react-router.config.ts); the middleware serves that file to visitors.
export const middleware: Route.MiddlewareFunction[] = [servePrerenderedLanding];

/** The landing page shows no toasts: the notifier's code is not loaded for it (see components/ui/toast.tsx). */
export const handle = { deferToaster: true };

/**
 * The copy and the head tags come from here, so they are data in the HTML rather than code in the page's
 * JavaScript (see content.ts).
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    content: landingContent,
    meta: landingMeta(siteUrlFor(context), siteConfigFor(context)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? [{ title: "Google Business Profile and websites for service businesses" }];

export default function Home({ loaderData }: Route.ComponentProps) {
  return <LandingPage content={loaderData.content} />;
}
