/**
 * Serves the landing pages that React Router pre-rendered at build time (`prerender: ["/", "/es"]` writes
 * build/client/index.html and build/client/_root.data for `/`, build/client/es/index.html and build/client/es.data
 * for `/es`, the Spanish one), instead of rendering them again for every visitor. Each page is loaded, adapted and
 * cached on its own, with a Content-Security-Policy of its own inline scripts' hashes.
 *
 * The Express app serves build/client with `index: false`, so `/` reaches the React Router handler; this route
 * middleware answers it from the file, compressed, with an ETag. On the way, once per process:
 * - the page's style sheet is inlined (the first paint then waits for no other request) and its <link> is kept
 *   but made non-blocking, so hydration still finds it and the file is cached for the next pages;
 * - its Content-Security-Policy is made from the sha256 hashes of its inline scripts (a static file has no
 *   per-request nonce);
 * - the file was rendered with the build's settings. SITE_URL: the build's origin in the canonical, Open Graph
 *   and JSON-LD URLs is swapped for the server's. The contact values (SITE_AGENCY_NAME, SITE_PHONE, ...): the page
 *   carries a stamp of them; when the server's differ (settings changed after the build), `/` is rendered per
 *   request until the next build.
 * In development (Vite) there is no pre-rendered page and `/` is always rendered.
 */
import { createHash } from "node:crypto";
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { acceptedEncoding } from "~/lib/http/accepted-encoding";
import { compressedAtBest } from "~/lib/http/compressed-once.server";
import { contentSecurityPolicy, inlineScriptHashes } from "~/lib/http/content-security-policy";
import { inlineStyleSheets, readBuiltStyleSheet } from "~/lib/http/inline-style-sheets.server";
import { landingRedirect } from "~/lib/i18n/locales";
import { servicesIfRunning } from "~/lib/config/public-settings.server";
import type { SiteConfig } from "~/lib/config/site-config";
import { visitCookie } from "~/features/leads/quote-visit.server";
import { configStamp } from "./config-stamp";

const CLIENT_DIR = path.resolve("build/client");
/** An origin that can be written into HTML, JSON and a JavaScript string as it is. */
const PLAIN_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/;

interface PrerenderedPage {
  html: string;
  etag: string;
  gzip: Buffer;
  brotli: Buffer;
  /** The page's Content-Security-Policy: its inline scripts allowed by hash. */
  contentSecurityPolicy: string;
}

export type PrerenderedVerdict = { page: PrerenderedPage } | { page: null; reason: string };

/**
 * Adapts the pre-rendered HTML to the running server, or says why it cannot be used. Pure apart from the
 * compression, so it can be tested with any HTML.
 */
export async function adaptPrerenderedPage(
  builtHtml: string,
  siteUrl: string,
  siteConfig: SiteConfig,
  readStyleSheet: (href: string) => Promise<string>,
): Promise<PrerenderedVerdict> {
  const stamp = /data-site-config="([0-9a-f]+)"/.exec(builtHtml)?.[1];
  if (stamp !== configStamp(siteConfig)) {
    return { page: null, reason: "it was built with other SITE_* contact values than the server's" };
  }
  const builtOrigin = /<link rel="canonical" href="(https?:\/\/[^/"]+)\/[^"]*"/.exec(builtHtml)?.[1];
  if (!builtOrigin || !PLAIN_ORIGIN.test(builtOrigin)) return { page: null, reason: "it has no canonical URL" };
  let html = builtHtml;
  if (builtOrigin !== siteUrl) {
    if (!PLAIN_ORIGIN.test(siteUrl)) return { page: null, reason: `SITE_URL ${siteUrl} is not a plain origin` };
    html = builtHtml.replaceAll(builtOrigin, siteUrl);
  }
  html = await inlineStyleSheets(html, readStyleSheet);
  // The page is complete without JavaScript: let the scripts load at the browser's normal (low) priority
  // for deferred modules instead of preloading them ahead of the page's own content.
  html = html.replace(/<link rel="modulepreload" href="[^"]+"\/>/g, "");
  const [gzipped, brotli] = await Promise.all([compressedAtBest(html, "gzip"), compressedAtBest(html, "br")]);
  const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
  const policy = contentSecurityPolicy({ hashes: inlineScriptHashes(html) });
  return { page: { html, etag, gzip: gzipped, brotli, contentSecurityPolicy: policy } };
}

/** The pre-rendered pages: each path's HTML file and the data file of its client-side navigations. */
const PRERENDERED_FILES: Record<string, { html: string; data: string }> = {
  "/": { html: "index.html", data: "_root.data" },
  "/es": { html: "es/index.html", data: "es.data" },
};

const loaded = new Map<string, { key: string; verdict: Promise<PrerenderedPage | null> }>();

async function loadPage(pathname: string, siteUrl: string, siteConfig: SiteConfig): Promise<PrerenderedPage | null> {
  const files = PRERENDERED_FILES[pathname];
  if (!files) return null;
  let built: string;
  try {
    // Both files or neither: the data file answers the client's data request for the page (served statically).
    await access(path.join(CLIENT_DIR, files.data));
    built = await readFile(path.join(CLIENT_DIR, files.html), "utf8");
  } catch {
    return null; // not pre-rendered (an old build): render per request
  }
  const verdict = await adaptPrerenderedPage(built, siteUrl, siteConfig, readBuiltStyleSheet);
  if (!verdict.page) {
    console.warn(`Not serving the pre-rendered landing page ${pathname}: ${verdict.reason}. Rebuild to use it.`);
  }
  return verdict.page;
}

function prerenderedPage(pathname: string, siteUrl: string, siteConfig: SiteConfig): Promise<PrerenderedPage | null> {
  const key = `${siteUrl} ${configStamp(siteConfig)}`;
  let entry = loaded.get(pathname);
  if (entry?.key !== key) {
    entry = { key, verdict: loadPage(pathname, siteUrl, siteConfig) };
    loaded.set(pathname, entry);
  }
  return entry.verdict;
}

/** `/` answers by the browser's language and the language cookie (landingRedirect), so caches must key on them. */
const LANDING_VARY = "Accept-Language, Cookie";

/**
 * Route middleware for `/` and `/es`: answers GET and HEAD with the pre-rendered page when it is usable. Every answer
 * (the file, the page rendered per request, the redirect to the Spanish page) sets the quote form's visit cookie: when
 * the page was served and where the visit came from, which the static file cannot hold (docs/decisions/042).
 */
export const servePrerenderedLanding: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const services = servicesIfRunning(context);
  if (!services) return next(); // this is the build-time pre-rendering itself
  const response = await landingAnswer(request, services, next);
  response.headers.append("Set-Cookie", visitCookie(services.env.AUTH_SECRET, request, services.now?.() ?? new Date()));
  return response;
};

async function landingAnswer(
  request: Request,
  services: NonNullable<ReturnType<typeof servicesIfRunning>>,
  next: () => Promise<Response>,
): Promise<Response> {
  const pathname = new URL(request.url).pathname.replace(/(.)\/+$/, "$1");
  // A Spanish browser that has not chosen a language reads the landing page in Spanish.
  const elsewhere = landingRedirect(pathname, request.headers);
  if (elsewhere)
    return new Response(null, {
      status: 302,
      headers: { Location: elsewhere, Vary: LANDING_VARY, "Cache-Control": "private, no-cache" },
    });
  if (import.meta.env.DEV) return next();
  const page = await prerenderedPage(pathname, services.env.SITE_URL, services.siteConfig);
  if (!page) return next();

  const encoding = acceptedEncoding(request.headers.get("Accept-Encoding"));
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    // Revalidated on every visit (a new build changes it), answered with 304 when unchanged.
    // Private: the answer sets the visitor's own visit cookie.
    "Cache-Control": "private, max-age=0, must-revalidate",
    ETag: etag,
    Vary: `Accept-Encoding, ${LANDING_VARY}`,
    "Content-Security-Policy": page.contentSecurityPolicy,
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  if (encoding) headers.set("Content-Encoding", encoding);
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.html;
  return new Response(body as BodyInit, { status: 200, headers });
}
