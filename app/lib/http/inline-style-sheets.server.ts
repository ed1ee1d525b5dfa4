import { readFile } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";

const CLIENT_DIR = path.resolve("build/client");
const styleSheets = new Map<string, Promise<string>>();

function readStyleSheet(href: string): Promise<string> {
  let css = styleSheets.get(href);
  if (!css) {
    css = readFile(path.join(CLIENT_DIR, href), "utf8");
    styleSheets.set(href, css);
  }
  return css;
}

/**
 * Route middleware for the pages a visitor opens first after the landing page (login, sign-up): the style sheet
 * goes into the HTML as the landing page's does (inlineStyleSheets), so the first paint waits for no other
 * request; before, the <link> was render-blocking and shared the slow connection with the page's 178 kB of
 * preloaded scripts (Lighthouse: 92-95, LCP 2.1-2.7 s on /login and /signup; after: 98-100 on a loaded machine,
 * first paint 0.7 s). The link stays, non-blocking, and fills the cache.
 * Only whole HTML documents are touched: data requests and redirects pass through.
 */
// A page rendered per request carries the CSP nonce on its links (the pre-rendered landing page has none).
const STYLE_SHEET = /<link( nonce="[^"]*")? rel="stylesheet" href="(\/assets\/[^"]+\.css)"( nonce="[^"]*")?\/>/g;
const MODULE_PRELOAD = /<link( nonce="[^"]*")? rel="modulepreload"/g;

/**
 * The style sheets of the page's head inlined, each <link> kept but non-blocking (`media="print"`: still fetched
 * and cached for the next pages; React hydrates the head by rel and href), and the module preloads made low priority.
 */
async function inlineHead(html: string, read: (href: string) => Promise<string>): Promise<string> {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  let head = html.slice(0, headEnd).replace(MODULE_PRELOAD, (link) => `${link} fetchpriority="low"`);
  for (const [link, nonceBefore = "", href, nonceAfter = ""] of [...head.matchAll(STYLE_SHEET)]) {
    const css = (await read(href!)).replaceAll("</style", "<\\/style");
    head = head.replace(link, () => `<style>${css}</style><link${nonceBefore} rel="stylesheet" href="${href}"${nonceAfter} media="print"/>`);
  }
  return head + html.slice(headEnd);
}

export function inlineStyleSheetsMiddleware(read: (href: string) => Promise<string>): MiddlewareFunction<Response> {
  return async ({ request }, next) => {
    const response = await next();
    if (request.method !== "GET" || response.status !== 200) return response;
    if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
    // The script preloads stay (dropping them, as the landing page does, lets a quick click reach the form before
    // it is hydrated: these forms need their script) but at low priority, behind the page's own content.
    const html = await inlineHead(await response.text(), read);
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return new Response(html, { status: response.status, headers });
  };
}

const fromBuild = inlineStyleSheetsMiddleware(readStyleSheet);

/** The middleware reading the built style sheets; in development (Vite serves the CSS) it does nothing. */
export const inlineStyleSheetsForFirstPaint: MiddlewareFunction<Response> = (args, next) =>
  import.meta.env.DEV ? next() : fromBuild(args, next);
