import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, Link } from "react-router";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/not-found";

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: requestContext(context).i18n._(msg`Page not found`) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Page not found" }];

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-100 p-6 text-center">
      <h1 className="text-4xl font-bold text-slate-900">404</h1>
      <p className="text-xl text-slate-700">
        <Trans>Oops! Page not found</Trans>
      </p>
      <Link to="/" className="text-blue-700 underline hover:text-blue-900">
        <Trans>Return to Home</Trans>
      </Link>
    </main>
  );
}
