import type { I18n } from "@lingui/core";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { i18nFor } from "../i18n/instances.server";
import { chooseLocale, type Locale } from "../i18n/locales";
import { setTranslationSource } from "../i18n/translate";
import { requestContext as logContext } from "../logger.server";
import { servicesIfRunning } from "../config/public-settings.server";
import { sessionUserContext, type Services } from "../services.server";
import type { SessionUser } from "../auth/session";

/**
 * What every loader, action and server-side helper knows about the request it serves, built once by
 * `requestContextMiddleware` (after the session middleware) and read with `requestContext(context)`:
 * nobody reads the session or works out the language again.
 */
export interface RequestContext {
  services: Services;
  /** The signed-in user (the acting user of every use case), or null. */
  user: SessionUser | null;
  /** The language the request is answered in: the user's saved choice, the cookie, Accept-Language, English. */
  locale: Locale;
  /** That language's i18n instance: `i18n._(msg\`...\`)`. */
  i18n: I18n;
  /** The id every log line of this request carries (X-Request-Id). */
  requestId: string;
}

const requestContextKey = createContext<RequestContext>();

// Zod schemas shared with the browser read their messages through `translate` while the server parses a form:
// within a request they come out in that request's language.
const current = new AsyncLocalStorage<I18n>();
setTranslationSource(() => current.getStore());

/** The request context for these services, this user and these request headers. */
export function buildRequestContext(services: Services, user: SessionUser | null, headers: Headers): RequestContext {
  const locale = chooseLocale(user?.language, headers);
  return { services, user, locale, i18n: i18nFor(locale), requestId: logContext.getStore()?.requestId ?? randomUUID() };
}

/** Sets the request context into a router context: the middleware, and tests that call a loader directly. */
export function provideRequestContext(context: Readonly<RouterContextProvider>, value: RequestContext): void {
  context.set(requestContextKey, value);
}

/** The request's context. Only routes under the root (every route once the app runs) have one. */
export function requestContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContextKey);
}

export const requestContextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const services = servicesIfRunning(context);
  if (!services) return next();
  const value = buildRequestContext(services, context.get(sessionUserContext), request.headers);
  provideRequestContext(context, value);
  return current.run(value.i18n, next);
};

/**
 * Route middleware of a page whose language is its path's whatever the visitor chose (the quote page, as the landing
 * page it is sent from): its context, its answers and its schemas' messages are in that language.
 */
export function pathLanguage(localeOf: (pathname: string) => Locale): MiddlewareFunction<Response> {
  return requestLanguage(async (request) => localeOf(new URL(request.url).pathname));
}

/**
 * Route middleware of a page that knows its reader's language better than the request does (a signed link naming a
 * customer): the language `localeOf` gives, else the request's.
 */
export function requestLanguage(
  localeOf: (request: Request, services: Services) => Promise<Locale | null>,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const services = servicesIfRunning(context);
    if (!services) return next();
    const locale = (await localeOf(request, services)) ?? requestContext(context).locale;
    const value = { ...requestContext(context), locale, i18n: i18nFor(locale) };
    provideRequestContext(context, value);
    return current.run(value.i18n, next);
  };
}
