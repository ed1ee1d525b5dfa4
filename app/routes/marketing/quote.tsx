import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { Logo } from "~/components/logo";
import { isIndustry } from "~/domain/industries";
import { receiveQuoteRequest, type QuoteAnswer } from "~/features/leads/quote-request.server";
import { requestVisit, visitCookie } from "~/features/leads/quote-visit.server";
import { QuoteForm, QuoteThanks } from "~/features/marketing/components/quote-form";
import { landingLocale } from "~/features/marketing/landing";
import { LANDING_PAGE_SCRIPT } from "~/features/marketing/landing-page-script.server";
import { quoteContentFor } from "~/features/marketing/quote-content";
import { formAction, jsonEndpoint } from "~/lib/http/actions.server";
import { AppError } from "~/lib/http/app-error";
import { pathLanguage, requestContext } from "~/lib/http/request-context.server";
import { siteConfigInForce } from "~/lib/config/public-settings.server";
import { landingPath } from "~/lib/i18n/locales";
import type { Route } from "./+types/quote";

/** `/quote` in English, `/es/quote` in Spanish (route id "routes/marketing/quote-es"): the page's language is its path's. */
const quoteLocale = (pathname: string) => landingLocale(pathname.replace(/\/quote\/?$/, "") || "/");

/**
 * The landing page's script sends the form asking for JSON: answered here, before any page is rendered, with what the
 * page would say (`{ ok: true, bookingLink }`, or the refusal's first message and each field's). A form sent without
 * JavaScript goes on to the action and is answered with the page.
 */
const answerTheScript: Route.MiddlewareFunction = (args, next) => {
  const { request } = args;
  if (request.method !== "POST" || !request.headers.get("accept")?.includes("application/json")) return next();
  return jsonEndpoint(args, {
    async run(ctx) {
      const answer = await quoteAnswer(ctx, ctx.request);
      if (answer.sent) return Response.json({ ok: true, bookingLink: answer.bookingLink });
      const message = Object.values(answer.errors)[0] ?? "";
      return Response.json(
        { ok: false, error: { code: "invalid_input", message, fields: answer.errors } },
        { status: 400 },
      );
    },
  });
};

export const middleware: Route.MiddlewareFunction[] = [pathLanguage(quoteLocale), answerTheScript];

/** The page shows no toasts: the notifier's code is not loaded for it (components/ui/toast.tsx). */
export const handle = { deferToaster: true };

async function quoteAnswer(ctx: ReturnType<typeof requestContext>, request: Request): Promise<QuoteAnswer> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("invalid_request");
  }
  return receiveQuoteRequest(ctx.services, ctx.user, { request, form, language: ctx.locale });
}

/**
 * The form on a page of its own, served with a visit stamp as the landing page is (a visitor who came to it
 * directly, or back to it after a refusal), in its path's language; the same script as the landing page's checks it.
 * `?industry=` chooses the trade beforehand.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale, i18n } = requestContext(context);
  const { agencyName } = await siteConfigInForce(context);
  const industry = new URL(request.url).searchParams.get("industry");
  // The form's time is when the visitor first had it: this page answering a refusal keeps it, so a quick correction
  // is not taken for a robot's.
  const servedAt = new Date(
    requestVisit(services.env.AUTH_SECRET, request)?.servedAt ?? (services.now?.() ?? new Date()).getTime(),
  );
  return data(
    {
      locale,
      content: quoteContentFor(i18n, locale),
      home: { href: landingPath(locale), label: i18n._(msg`${agencyName} home`) },
      phone: services.siteConfig.phone,
      industry: industry === "other" || isIndustry(industry) ? industry : undefined,
      staticPageScript: LANDING_PAGE_SCRIPT,
    },
    { headers: { "Set-Cookie": visitCookie(services.env.AUTH_SECRET, request, servedAt) } },
  );
}

export function action(args: Route.ActionArgs) {
  return formAction(args, {
    run: (ctx) =>
      receiveQuoteRequest(ctx.services, ctx.user, { request: ctx.request, form: ctx.form, language: ctx.locale }),
    success: (_ctx, answer) => (answer.sent ? answer : data(answer, { status: 400 })),
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.content.title ?? "Get a free quote" },
  { name: "robots", content: "noindex" },
];

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { content, phone, industry, home } = loaderData;
  const refused = actionData && "errors" in actionData ? actionData : null;
  const failed = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-2xl items-center px-4">
          <Logo to={home.href} label={home.label} />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-10">
        <div data-quote="" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          {actionData && "sent" in actionData && actionData.sent ? (
            <QuoteThanks content={content.thanks} phone={phone} bookingLink={actionData.bookingLink} heading="h1" />
          ) : (
            <>
              <h1 id="quote-title" className="text-3xl font-bold tracking-tight text-slate-900">
                {content.title}
              </h1>
              <p className="mt-3 mb-6 text-slate-700">{failed ?? content.intro}</p>
              <QuoteForm content={content} values={refused?.values} errors={refused?.errors} industry={industry} />
            </>
          )}
        </div>
        <p className="mt-6 text-sm">
          <a href={home.href} className="text-blue-700 underline underline-offset-2">
            {content.thanks.back}
          </a>
        </p>
      </main>
    </div>
  );
}
