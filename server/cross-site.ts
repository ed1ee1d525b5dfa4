import type { RequestHandler } from "express";
import { ENDPOINTS } from "~/lib/http/endpoints";

/** Methods that change nothing: they are never refused here. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The one endpoint another site calls on purpose: the card provider's webhook, verified by its signature. */
const CROSS_SITE_EXEMPT_PATHS: ReadonlySet<string> = new Set([ENDPOINTS.cardWebhook]);

type CrossSiteVerdict = "same-site" | "cross-site" | "no-browser-headers";

/**
 * Who sent a state-changing request, by the headers a browser sets and a page cannot: `Origin` (sent by every
 * browser on a cross-origin POST, and on same-origin ones too), else `Sec-Fetch-Site`. A request with neither
 * comes from a non-browser client (curl, a server), which a cross-site page cannot make a victim's browser send;
 * it is let through, and authentication decides.
 */
function crossSiteVerdict(
  siteOrigin: string,
  origin: string | undefined,
  fetchSite: string | undefined,
): CrossSiteVerdict {
  if (origin !== undefined) return origin === siteOrigin ? "same-site" : "cross-site";
  if (fetchSite !== undefined) return fetchSite === "same-origin" || fetchSite === "none" ? "same-site" : "cross-site";
  return "no-browser-headers";
}

/** Refuses with 403 every state-changing request that another site's page made, except the exempt paths. */
export function refuseCrossSiteRequests(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || CROSS_SITE_EXEMPT_PATHS.has(req.path)) return next();
    const verdict = crossSiteVerdict(siteOrigin, req.get("origin"), req.get("sec-fetch-site"));
    if (verdict === "cross-site") {
      // Connection: close, so a body that follows is not read through.
      res.status(403).set("Connection", "close").type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  };
}
