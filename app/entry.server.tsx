import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { notifySystemError } from "./features/notifications/notify-system-error.server";
import { servicesIfRunning } from "./lib/config/public-settings.server";
import { contentSecurityPolicy, cspNonceFrom } from "./lib/http/content-security-policy";

export const streamTimeout = 5_000;

/**
 * An unexpected error in a loader, action or render: logged, and (System errors on) the admins are told, at
 * most once per 10 minutes per kind. Refusals thrown on purpose (responses) and aborted requests are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error) || error instanceof Response) return;
  console.error(error);
  const services = servicesIfRunning(context as RouterContextProvider);
  if (services) void notifySystemError(services, error);
};

/**
 * React Router's default server entry, plus the page's Content-Security-Policy: each request gets a fresh nonce
 * (server/app.ts puts it in the router context), which ServerRouter hands to <Scripts>, <ScrollRestoration>,
 * <Links> and the streamed data scripts, and React to its own. The build-time pre-render has no nonce:
 * prerendered-landing.server.ts serves that file with a policy made from the hashes of its inline scripts.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = cspNonceFrom(loadContext);
  if (nonce) {
    // In development Vite injects scripts of its own: violations are reported in the console, not enforced.
    const header = import.meta.env.DEV ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
    responseHeaders.set(header, contentSecurityPolicy({ nonce }, { dev: import.meta.env.DEV }));
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots and SPA mode wait for all content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after `streamTimeout` so the rejected boundaries have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = coalescedBody(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell are logged by handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * React writes a page in many small chunks; each one went through the web stream and the compressor on its own
 * (the compressor's per-chunk work was the largest single cost in the portal's CPU profile, docs/decisions/025).
 * What React writes in one turn of the event loop goes on as one chunk; a suspended part still streams when ready.
 */
function coalescedBody(onEnd: () => void): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      callback();
    },
    flush(callback) {
      flush();
      onEnd();
      callback();
    },
  });
  function flush() {
    scheduled = false;
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    body.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }
  return body;
}
