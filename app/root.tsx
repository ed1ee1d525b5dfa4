import { useEffect } from "react";
import {
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
// Before any Zod schema parses: no eval under the Content-Security-Policy.
import "./lib/zod-jitless";
import { Toaster } from "./components/ui/toast";
import { siteConfigInForce } from "./lib/config/public-settings.server";
import { inlineStyleSheetsForFirstPaint } from "./lib/http/inline-style-sheets.server";
import { requestContextMiddleware } from "./lib/http/request-context.server";
import { sessionMiddleware } from "./lib/auth/session-middleware.server";
import { customerWritesDuringMaintenance } from "./lib/auth/maintenance.server";
import { ADMIN_HOME } from "./lib/http/paths";
import { isLocale } from "./lib/i18n/locales";

// Outermost, the style sheets of every page rendered per request go inline (the first paint waits for no file).
// Innermost, Maintenance Mode stops a customer's change before any route's action sees it.
export const middleware: Route.MiddlewareFunction[] = [
  inlineStyleSheetsForFirstPaint,
  sessionMiddleware,
  requestContextMiddleware,
  customerWritesDuringMaintenance,
];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context }: Route.LoaderArgs) {
  // Also works while the landing page is pre-rendered at build time (no services then: the build's values).
  return { siteConfig: await siteConfigInForce(context) };
}

type DocumentData = { locale?: unknown; catalogScript?: unknown; staticPageScript?: unknown } | undefined;

/**
 * The page's language: the deepest route data that names one (the localized layout, the landing pages), the
 * script of its compiled catalog (the localized layout's; the landing pages have none), and the script of a page
 * served without React (the landing pages').
 */
function usePageDocument(): { lang: string; catalogScript?: string; staticPageScript?: string } {
  const data = useMatches().map((match) => match.loaderData as DocumentData);
  const lang =
    data
      .map((route) => route?.locale)
      .filter(isLocale)
      .at(-1) ?? "en";
  const script = (key: "catalogScript" | "staticPageScript") =>
    data.map((route) => route?.[key]).find((src): src is string => typeof src === "string");
  return { lang, catalogScript: script("catalogScript"), staticPageScript: script("staticPageScript") };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { lang, catalogScript, staticPageScript } = usePageDocument();
  // A page whose route names a static page script (the pre-rendered landing pages) is not hydrated: the server's
  // HTML carries that one script instead of React Router's (no React, no route modules, no streamed data, no
  // inline script). In the browser, where this page is only reached by a client-side navigation from a hydrated
  // page, React renders it and the app's scripts stay.
  const withoutReact = staticPageScript !== undefined && typeof document === "undefined";
  // Set once the whole page has hydrated, when its buttons and forms answer in the browser rather than by a full
  // page load: the end-to-end tests wait for it after opening a page, before they type or click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        {withoutReact ? null : <ScrollRestoration />}
        {/*
          Deferred, like the app's module scripts after it: it runs once the page is parsed and before them, so
          hydration finds the messages; at the end of the body the page's text is painted before it is fetched.
        */}
        {catalogScript && <script defer src={catalogScript} />}
        {withoutReact ? <script type="module" src={staticPageScript} /> : <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The last resort, in English: a failure of the landing page, of the localized layout's own loader, or of a
 * middleware (no loader runs then: a staff member on an admin-only page). Pages under the localized layout show
 * app/components/error-page.tsx in their language (its boundary). From a back-office page it leads to its dashboard.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const backOffice = useLocation().pathname.startsWith("/admin");
  let title = "Something went wrong";
  let details = "Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title =
      error.status === 404 ? "Oops! Page not found" : error.status === 403 ? "Access denied" : `Error ${error.status}`;
    details = typeof error.data === "string" && error.data ? error.data : error.statusText || details;
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="break-words text-slate-700">{details}</p>
        <a
          href={backOffice ? ADMIN_HOME : href("/")}
          className="font-medium text-blue-700 underline-offset-4 hover:underline"
        >
          {backOffice ? "Back to the dashboard" : "Return to Home"}
        </a>
      </div>
    </main>
  );
}
