import type { RouterContextProvider } from "react-router";
import { servicesContext, type Services } from "../services.server";
import { siteConfigFrom, type SiteConfig } from "./site-config";

/**
 * The running app's services, or undefined while React Router pre-renders pages at build time
 * (`prerender` in react-router.config.ts): that run calls the routes without the Express app's load context,
 * so there is no database, session or parsed settings, only the build's environment.
 */
export function servicesIfRunning(context: Readonly<RouterContextProvider>): Services | undefined {
  try {
    return context.get(servicesContext);
  } catch {
    return undefined;
  }
}

/** The agency's brand and contact values: the server's, or at build time the build environment's. */
export function siteConfigFor(context: Readonly<RouterContextProvider>): SiteConfig {
  return servicesIfRunning(context)?.siteConfig ?? siteConfigFrom(process.env);
}

/**
 * The agency's values as pages show them: the admin settings' Company Name and Support Email override the
 * environment's agency name and e-mail once the app is running (help texts, the maintenance page).
 */
export async function siteConfigInForce(context: Readonly<RouterContextProvider>): Promise<SiteConfig> {
  const running = servicesIfRunning(context);
  const base = siteConfigFor(context);
  if (!running) return base;
  const { general } = await running.settings.get();
  return { ...base, agencyName: general.companyName, email: general.supportEmail };
}

/** The public origin (SITE_URL, no trailing slash): the server's, or at build time the build environment's. */
export function siteUrlFor(context: Readonly<RouterContextProvider>): string {
  return servicesIfRunning(context)?.env.SITE_URL ?? siteUrlFrom(process.env);
}

/** SITE_URL as env.server.ts reads it (default http://localhost:$PORT), without its start-up side effects. */
export function siteUrlFrom(source: Record<string, string | undefined>): string {
  const siteUrl = source.SITE_URL?.trim() || `http://localhost:${source.PORT?.trim() || 3000}`;
  return siteUrl.replace(/\/$/, "");
}
