import type { RequestHandler } from "express";

/**
 * At most `limit` requests through this handler at once; the others wait in arrival order (docs/decisions/025).
 * A process gains no throughput from rendering more pages at once than its CPU and database can work on, but it
 * holds every one of them in memory meanwhile: at 200 connections the garbage collector's work per request
 * doubled, and the unluckiest requests waited past 10 s while later ones overtook them. Queued in order, a request
 * waits only for those that came before it. A request whose client has gone while it waited is dropped unserved.
 * Reads only (GET, HEAD: page loads and their data): a form post or an upload waits on its client's body and must
 * not hold a place that page loads wait for.
 */
export function limitConcurrency(limit: number): RequestHandler {
  let running = 0;
  const waiting: Array<{ start: () => void; gone: () => boolean }> = [];
  const startWaiting = () => {
    while (running < limit && waiting.length > 0) {
      const next = waiting.shift()!;
      if (!next.gone()) next.start();
    }
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Gone already (the client left while an earlier middleware, such as the static files' lookup, was at work):
    // its 'close' has been emitted and would never give a place back.
    if (res.destroyed || req.socket.destroyed) return;
    let started = false;
    res.once("close", () => {
      if (!started) return;
      running--;
      startWaiting();
    });
    const start = () => {
      started = true;
      running++;
      next();
    };
    if (running < limit) start();
    else waiting.push({ start, gone: () => res.destroyed });
  };
}
