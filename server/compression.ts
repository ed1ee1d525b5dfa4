import compression from "compression";
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LIVE_STREAM_PATH } from "~/lib/realtime/realtime";

type Listener = (...args: unknown[]) => void;

/**
 * `compression` sends a response's 'drain' listeners to its zlib stream (its `res.on` does), but removing one
 * goes to the response, where it never was: React Router's writer waits for 'drain' with `once` and then `off`,
 * so each time the client falls behind one listener stays on the zlib stream. A big page piled them up past ten,
 * hence the MaxListenersExceededWarning under load (and one dead listener per stall, for the response's life).
 *
 * Here the response keeps its own 'drain' listeners and gives the compressor a single relay, so adding,
 * `once` and removing all act on the same list.
 */
function relayDrain(_req: Request, res: Response, next: NextFunction): void {
  const drainListeners: Listener[] = [];
  let relaying = false;
  const on = res.on;
  const off = res.removeListener;
  const relay = () => {
    for (const listener of [...drainListeners]) listener.call(res);
  };
  const remove = (listener: Listener) => {
    const at = drainListeners.findIndex(
      (entry) => entry === listener || (entry as { listener?: Listener }).listener === listener,
    );
    if (at >= 0) drainListeners.splice(at, 1);
  };
  res.on = res.addListener = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return on.call(this, event, listener);
    drainListeners.push(listener);
    if (!relaying) {
      relaying = true;
      on.call(this, "drain", relay);
    }
    return this;
  } as Response["on"];
  res.once = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return on.call(this, event, onceWrapper(this, event, listener));
    const wrapped = Object.assign(
      (...args: unknown[]) => {
        remove(wrapped);
        listener.apply(res, args);
      },
      { listener },
    );
    return res.on("drain", wrapped);
  } as Response["once"];
  res.off = res.removeListener = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return off.call(this, event, listener);
    remove(listener);
    return this;
  } as Response["off"];
  next();
}

/** Node's own `once` semantics for every other event, through the response's original `on`. */
function onceWrapper(target: Response, event: string | symbol, listener: Listener): Listener {
  const wrapped = Object.assign(
    (...args: unknown[]) => {
      target.removeListener(event, wrapped);
      listener.apply(target, args);
    },
    { listener },
  );
  return wrapped;
}

/**
 * The compressors' effort, chosen for pages made per request (docs/decisions/025): on a 40 kB page gzip level 4
 * takes about 0.38 ms of CPU against 0.49 ms at the default 6 for 3.5 % more bytes, brotli quality 3 about
 * 0.30 ms against 0.46 ms at the library's 4 for 5 % more. Browsers ask for brotli.
 */
export const GZIP_LEVEL = 4;
export const BROTLI_QUALITY = 3;

/** Pages, data and assets go out compressed; the live stream must not be buffered by a compressor. */
export function compressResponses(): RequestHandler[] {
  return [
    compression({
      level: GZIP_LEVEL,
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      filter: (req, res) => req.path !== LIVE_STREAM_PATH && compression.filter(req, res),
    }),
    relayDrain,
  ];
}
