import { readFile } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { servicesIfRunning } from "~/lib/config/public-settings.server";

/**
 * The first paint of a page waits for no style sheet request: the page's style sheets go into its HTML, and their
 * <link>s stay, non-blocking (`media="print"`: still fetched and cached for the next pages; React hydrates the head
 * by rel and href and skips the extra <style>). Before, the <link> was render-blocking and shared the slow
 * connection with the page's preloaded scripts (Lighthouse on /login and /signup: 92-95, LCP 2.1-2.7 s; after:
 * 98-100, first paint 0.7 s). The pre-rendered landing page is adapted the same way once; every page rendered per
 * request, through the root's middleware.
 */

const CLIENT_DIR = path.resolve("build/client");
const styleSheets = new Map<string, Promise<string>>();

/** A built style sheet's text, read once per process. */
export function readBuiltStyleSheet(href: string): Promise<string> {
  let css = styleSheets.get(href);
  if (!css) {
    css = readFile(path.join(CLIENT_DIR, href), "utf8");
    styleSheets.set(href, css);
  }
  return css;
}

// A page rendered per request carries the CSP nonce on its links (the pre-rendered landing page has none).
const STYLE_SHEET = /<link( nonce="[^"]*")? rel="stylesheet" href="(\/assets\/[^"]+\.css)"( nonce="[^"]*")?\/>/g;
const MODULE_PRELOAD = /<link( nonce="[^"]*")? rel="modulepreload"/g;
const HEAD_END = "</head>";

/** The style sheets of a document's head (the text before `</head>`) inlined; `lowPriorityPreloads`: module preloads too. */
async function inlineHead(
  head: string,
  read: (href: string) => Promise<string>,
  lowPriorityPreloads: boolean,
): Promise<string> {
  let result = lowPriorityPreloads ? head.replace(MODULE_PRELOAD, (link) => `${link} fetchpriority="low"`) : head;
  for (const [link, nonceBefore = "", href, nonceAfter = ""] of [...result.matchAll(STYLE_SHEET)]) {
    const css = (await read(href!)).replaceAll("</style", "<\\/style");
    result = result.replace(
      link,
      () => `<style>${css}</style><link${nonceBefore} rel="stylesheet" href="${href}"${nonceAfter} media="print"/>`,
    );
  }
  return result;
}

/** A whole document with the style sheets of its head inlined (the pre-rendered landing page). */
export async function inlineStyleSheets(html: string, read: (href: string) => Promise<string>): Promise<string> {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  return (await inlineHead(html.slice(0, headEnd), read, false)) + html.slice(headEnd);
}

/** Bytes of a document held while looking for the end of its head; past it, the document goes on untouched. */
const HEAD_LIMIT = 256 * 1024;

/**
 * The document's stream with its head's style sheets inlined: bytes are held only until `</head>` has arrived (the
 * shell's first chunk), then the rest streams through as it comes, suspended parts included.
 */
function inlinedStream(
  body: ReadableStream<Uint8Array>,
  read: (href: string) => Promise<string>,
): ReadableStream<Uint8Array> {
  let held: Buffer | null = Buffer.alloc(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        if (!held) return controller.enqueue(chunk);
        held = Buffer.concat([held, chunk]);
        const end = held.indexOf(HEAD_END);
        if (end < 0 && held.length < HEAD_LIMIT) return;
        const rest = held;
        held = null;
        if (end < 0) return controller.enqueue(rest);
        const head = await inlineHead(rest.subarray(0, end).toString("utf8"), read, true);
        controller.enqueue(Buffer.concat([Buffer.from(head), rest.subarray(end)]));
      },
      flush(controller) {
        if (held?.length) controller.enqueue(held);
      },
    }),
  );
}

/**
 * Middleware for every page rendered per request: its style sheets inlined (see above). The script preloads stay
 * (dropping them, as the landing page does, lets a quick click reach a form before it is hydrated) but at low
 * priority, behind the page's own content. Only whole HTML documents are touched: data requests, redirects, other
 * methods and bodies already compressed (the pre-rendered landing page) pass through.
 */
export function inlineStyleSheetsMiddleware(read: (href: string) => Promise<string>): MiddlewareFunction<Response> {
  return async ({ request }, next) => {
    const response = await next();
    if (request.method !== "GET" || response.status !== 200 || !response.body) return response;
    if (!response.headers.get("Content-Type")?.startsWith("text/html") || response.headers.has("Content-Encoding"))
      return response;
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return new Response(inlinedStream(response.body, read), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

const fromBuild = inlineStyleSheetsMiddleware(readBuiltStyleSheet);

/**
 * The middleware reading the built style sheets. It does nothing in development (Vite serves the CSS) nor while the
 * landing page is pre-rendered at build time (no services run then): that file is adapted once when served.
 */
export const inlineStyleSheetsForFirstPaint: MiddlewareFunction<Response> = (args, next) =>
  import.meta.env.DEV || !servicesIfRunning(args.context) ? next() : fromBuild(args, next);
