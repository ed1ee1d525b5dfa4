import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { CATALOG_SCRIPTS } from "~/lib/i18n/catalogs.server";
import { requestContext } from "~/lib/http/request-context.server";
import { LocalizedProvider } from "~/lib/i18n/localized-provider";
import type { Route } from "./+types/localized";

/**
 * Every page but the landing page sits in this layout (app/routes.ts): it picks the request's language and names
 * that language's catalog script, which the document loads before the app's code (root.tsx) and the browser
 * caches for good (docs/decisions/026). The landing page carries its copy as loader data of its own and loads no
 * i18n code.
 */
export function loader({ context }: Route.LoaderArgs) {
  const locale = requestContext(context).locale;
  return { locale, catalogScript: CATALOG_SCRIPTS[locale].src };
}

/** A live update's revalidation (same URL, no form sent) cannot change the language. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export default function Localized({ loaderData }: Route.ComponentProps) {
  return (
    <LocalizedProvider locale={loaderData.locale} catalogScript={loaderData.catalogScript}>
      <Outlet />
    </LocalizedProvider>
  );
}

/**
 * A failure below this layout shows the error page in the page's language. When this layout's own loader
 * failed there are no messages: the error goes on to the root's boundary (English).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/localized");
  if (!data) throw error;
  return (
    <LocalizedProvider locale={data.locale} catalogScript={data.catalogScript}>
      <ErrorPage error={error} dev={import.meta.env.DEV} />
    </LocalizedProvider>
  );
}
