import type { RequestHandler } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { loadSessionUser } from "~/lib/session.server";
import { canSeeChange, LIVE_EVENTS } from "~/lib/realtime";
import type { Services } from "~/lib/services.server";

const HEARTBEAT_MS = 15_000;
const SESSION_CHECK_MS = 60_000;

/**
 * One server-sent-events stream per signed-in browser. It forwards only the changes its viewer may see
 * (own rows; admins all), keeps the connection alive with heartbeats and closes when the session ends.
 */
export function liveEvents({ auth, database, bus }: Services): RequestHandler {
  return async (req, res) => {
    const headers = fromNodeHeaders(req.headers);
    const { user } = await loadSessionUser(auth, database.db, headers);
    if (!user) {
      res.status(401).json({ error: "You must be logged in" });
      return;
    }
    const viewer = { userId: user.id, isAdmin: user.isAdmin };
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 2000\n\n");
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

    const unsubscribe = bus.subscribe((change) => {
      if (canSeeChange(viewer, change)) send(LIVE_EVENTS.change, { table: change.table });
    });
    const unsubscribeResync = bus.onResync(() => send(LIVE_EVENTS.resync, {}));
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    const sessionCheck = setInterval(async () => {
      const current = await loadSessionUser(auth, database.db, headers).catch(() => ({ user: null }));
      if (!current.user) {
        send(LIVE_EVENTS.sessionEnded, {});
        res.end();
      }
    }, SESSION_CHECK_MS);

    const cleanup = () => {
      unsubscribe();
      unsubscribeResync();
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
    };
    res.on("close", cleanup);
  };
}
