import { useLingui } from "@lingui/react/macro";
import { href, isRouteErrorResponse, useLocation } from "react-router";
import { ADMIN_HOME } from "~/lib/http/paths";

/**
 * The error page of a route's failure (the localized layout's boundary, which gives it the page's language, and the
 * back office's): 'Oops! Page not found' for a 404, 'Access denied' for a 403, 'Error N' for another answer, else
 * 'Something went wrong'; an answer's own text (a string) is shown as it came. Its link leads home: the back office's
 * dashboard from a back-office page (a staff member on an admin-only page), else the landing page.
 */
export function ErrorPage({ error, dev = false }: { error: unknown; dev?: boolean }) {
  const { t } = useLingui();
  const backOffice = useLocation().pathname.startsWith("/admin");
  let title = t`Something went wrong`;
  let details = t`Please try again in a moment.`;
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    title = status === 404 ? t`Oops! Page not found` : status === 403 ? t`Access denied` : t`Error ${status}`;
    details = typeof error.data === "string" && error.data ? error.data : error.statusText || details;
  } else if (dev && error instanceof Error) {
    details = error.message;
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      {/* React puts it in the document's head: the page keeps a title when its route's meta did not run. */}
      <title>{title}</title>
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="break-words text-slate-700">{details}</p>
        <a
          href={backOffice ? ADMIN_HOME : href("/")}
          className="font-medium text-blue-700 underline-offset-4 hover:underline"
        >
          {backOffice ? t`Back to the dashboard` : t`Return to Home`}
        </a>
      </div>
    </main>
  );
}
