import { useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse } from "react-router";

/**
 * The error page of a route's failure (the root's error boundary, and the localized layout's, which gives it
 * the page's language): 'Oops! Page not found' for a 404, 'Error N' for another answer, else 'Something went
 * wrong'; an answer's own text (a string) is shown as it came.
 */
export function ErrorPage({ error, dev = false }: { error: unknown; dev?: boolean }) {
  const { t } = useLingui();
  let title = t`Something went wrong`;
  let details = t`Please try again in a moment.`;
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    title = status === 404 ? t`Oops! Page not found` : t`Error ${status}`;
    details = typeof error.data === "string" && error.data ? error.data : error.statusText || details;
  } else if (dev && error instanceof Error) {
    details = error.message;
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      {/* React puts it in the document's head: the page keeps a title when its route's meta did not run. */}
      <title>{title}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600">{details}</p>
      <a href="/" className="text-blue-700 underline">
        {t`Return to Home`}
      </a>
    </main>
  );
}
