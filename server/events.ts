import type { RequestHandler } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { assignedCustomerIds, teamStanding } from "~/lib/auth/roles.server";
import { readSessionUser } from "~/lib/auth/session-middleware.server";
import { checkSessions, type WatchedSession } from "~/lib/auth/session.server";
import { AppError } from "~/lib/http/app-error";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { chooseLocale } from "~/lib/i18n/locales";
import { canSeeChange, EVERYONE, LIVE_EVENTS, viewerIsTeam, type Change, type Viewer } from "~/lib/realtime/realtime";
import { PROCESS_ID } from "~/lib/realtime/realtime.server";
import { CLOCK_MARGIN_MS, parseDataRead, SAME_PROCESS_MARGIN_MS } from "~/lib/realtime/recent-changes";
import type { Services } from "~/lib/services.server";

const HEARTBEAT_MS = 15_000;
const HEARTBEAT_SLICES = 15;

/** The change whatever ends sessions publishes for their user (`{ table: "session", userId }`). */
const SESSION_CHANGES = "session";

interface OpenStream {
  viewer: Viewer;
  /** A change this stream's viewer may see (its own, its customers' for staff, any for an admin): forwarded in order. */
  deliver(change: Change): void;
  send(event: string, data: unknown): void;
  heartbeat(): void;
}

export interface LiveEventsOptions {
  /** Open streams one user may hold on this instance (tabs, devices); the next one gets 429. */
  maxStreamsPerUser: number;
  /** How long a team member's role (and customers), once read, is trusted before another user's change makes the stream read it again. */
  roleTtlMs: number;
  /** How often the open streams' sessions are checked (still there, within their limits) and their roles re-read. */
  sessionCheckMs: number;
}

/**
 * The open streams of this process, so a graceful shutdown can close them: each gets a `retry:` telling the
 * browser when to reconnect (to another instance, or this one restarted) and a final `reconnect` event, then ends.
 */
export class LiveStreams {
  private readonly closers = new Set<(retryMs: number) => void>();

  get size(): number {
    return this.closers.size;
  }

  add(close: (retryMs: number) => void): () => void {
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  closeAll(retryMs: number): void {
    for (const close of [...this.closers]) close(retryMs);
  }
}

export const LIVE_EVENTS_DEFAULTS: LiveEventsOptions = {
  maxStreamsPerUser: 5,
  roleTtlMs: 5_000,
  sessionCheckMs: 60_000,
};

/**
 * One server-sent-events stream per signed-in browser. It forwards only the changes its viewer may see
 * (own rows; admins all), keeps the connection alive with heartbeats and closes when the session ends.
 * The admin role is not trusted for the stream's lifetime: before forwarding another user's change the stream
 * re-reads it once the last reading is older than roleTtlMs, so a revoked admin stops seeing other users' changes
 * within seconds.
 */
export function liveEvents(
  services: Services,
  options: Partial<LiveEventsOptions> = {},
  closable: LiveStreams = new LiveStreams(),
): RequestHandler {
  const { auth, db, bus } = services;
  const { maxStreamsPerUser, roleTtlMs, sessionCheckMs } = { ...LIVE_EVENTS_DEFAULTS, ...options };
  const openStreams = new Map<string, number>();

  // Every open stream's session is checked on one timer, in a few queries for all of them (checkSessions).
  const watched = new Set<WatchedSession>();
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  let checking = false;
  const checkAll = async () => {
    if (checking) return;
    checking = true;
    try {
      await checkSessions(auth, db, [...watched]);
    } catch {
      // The database is away: the next round tries again; the streams stay open meanwhile.
    } finally {
      checking = false;
    }
  };
  const watch = (entry: WatchedSession) => {
    watched.add(entry);
    checkTimer ??= setInterval(() => void checkAll(), sessionCheckMs);
    checkTimer.unref?.();
    return () => {
      watched.delete(entry);
      if (watched.size === 0 && checkTimer) {
        clearInterval(checkTimer);
        checkTimer = undefined;
      }
    };
  };

  // One bus subscription for all the streams, routing each change to its owner's streams and the admins' (not every
  // stream looking at every change: with 10,000 streams that was 10,000 callbacks per change), and one heartbeat timer.
  const streams = new Set<OpenStream>();
  const byUser = new Map<string, Set<OpenStream>>();
  let stopRouting: (() => void) | undefined;
  const route = (change: Change) => {
    if (change.userId === EVERYONE) {
      for (const stream of streams) stream.deliver(change);
      return;
    }
    for (const stream of byUser.get(change.userId) ?? []) stream.deliver(change);
    for (const stream of streams)
      if (viewerIsTeam(stream.viewer) && stream.viewer.userId !== change.userId) stream.deliver(change);
  };
  const attach = (stream: OpenStream) => {
    streams.add(stream);
    let own = byUser.get(stream.viewer.userId);
    if (!own) byUser.set(stream.viewer.userId, (own = new Set()));
    own.add(stream);
    if (!stopRouting) {
      const unsubscribe = bus.subscribe(route);
      const unsubscribeResync = bus.onResync(() => {
        for (const open of streams) open.send(LIVE_EVENTS.resync, {});
      });
      // Spread over the interval: a slice of the streams each second, not 10,000 writes in one burst.
      let tick = 0;
      const heartbeat = setInterval(() => {
        tick = (tick + 1) % HEARTBEAT_SLICES;
        let index = 0;
        for (const open of streams) if (index++ % HEARTBEAT_SLICES === tick) open.heartbeat();
      }, HEARTBEAT_MS / HEARTBEAT_SLICES);
      heartbeat.unref?.();
      stopRouting = () => {
        unsubscribe();
        unsubscribeResync();
        clearInterval(heartbeat);
      };
    }
    return () => {
      streams.delete(stream);
      own.delete(stream);
      if (own.size === 0 && byUser.get(stream.viewer.userId) === own) byUser.delete(stream.viewer.userId);
      if (streams.size === 0) {
        stopRouting?.();
        stopRouting = undefined;
      }
    };
  };

  return async (req, res) => {
    const headers = fromNodeHeaders(req.headers);
    const { user, sessionId } = await readSessionUser(services, req.method, headers);
    // The browser's EventSource only sees the status; the body is for a person reading it, in their language.
    const refuse = (error: AppError) => {
      const { status, body } = jsonFailure(error, i18nFor(chooseLocale(user?.language, headers)));
      res.status(status).json(body);
    };
    if (!user || !sessionId) return refuse(new AppError("not_signed_in"));
    const open = openStreams.get(user.id) ?? 0;
    if (open >= maxStreamsPerUser) return refuse(new AppError("live_streams_exceeded"));
    openStreams.set(user.id, open + 1);

    const viewer: Viewer = {
      userId: user.id,
      isAdmin: user.isAdmin,
      customerIds: user.assignedCustomerIds ? new Set(user.assignedCustomerIds) : null,
    };
    let roleReadAt = Date.now();
    /** The viewer's team role as it is now (null: a customer, or a deactivated member), and a staff member's customers. */
    const applyRole = async (role: "admin" | "staff" | null) => {
      // A member who must still enrol in two-factor sees only their own changes until a new session.
      const acting = user.mustEnrolTwoFactor ? null : role;
      viewer.isAdmin = acting === "admin";
      viewer.customerIds = acting === "staff" ? new Set(await assignedCustomerIds(db, viewer.userId)) : null;
      roleReadAt = Date.now();
    };
    const readRole = async () => {
      const standing = await teamStanding(db, viewer.userId).catch(() => null);
      await applyRole(standing?.active ? standing.role : null).catch(() => {
        viewer.isAdmin = false;
        viewer.customerIds = null;
      });
    };

    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 2000\n\n");
    // Nothing is written once the stream ended (its session found gone), though changes may still be on their way to it.
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };

    // Changes are handled one after another, so a role re-read never lets a later change overtake an earlier one.
    let queue = Promise.resolve();
    const forward = async (change: Change) => {
      if (change.userId !== viewer.userId && viewerIsTeam(viewer) && Date.now() - roleReadAt >= roleTtlMs)
        await readRole();
      if (!canSeeChange(viewer, change)) return;
      // The team is told whose row it was, so a page for one customer skips the others' changes (use-live-updates.ts);
      // a customer sees only their own and everyone's, and is not told more.
      send(
        LIVE_EVENTS.change,
        viewerIsTeam(viewer) ? { table: change.table, userId: change.userId } : { table: change.table },
      );
    };
    let over = false;
    const session: WatchedSession = {
      sessionId,
      stillValid(role) {
        queue = queue.then(() => applyRole(role)).catch(() => {});
      },
      ended() {
        // The timer's round and a check of its own may both find the session gone.
        if (over) return;
        over = true;
        send(LIVE_EVENTS.sessionEnded, {});
        res.end();
      },
    };
    const detach = attach({
      viewer,
      deliver(change) {
        // Some session of the viewer's ended (a sign-out, an erasure, a deactivation...), here or on another instance:
        // this stream checks its own at once rather than at the next round; another of their sessions going leaves it
        // open. In the queue, so a change published after that one reaches the stream only once the check is done.
        // It is not passed on as a change: the page would reload its data, maybe with a cookie this very change
        // ended, while the answer bringing the browser its new one (a password change) is still on its way.
        if (change.table === SESSION_CHANGES && change.userId === viewer.userId) {
          queue = queue.then(() => checkSessions(auth, db, [session])).catch(() => {});
          return;
        }
        queue = queue.then(() => forward(change)).catch(() => {});
      },
      send,
      heartbeat: () => {
        if (!res.writableEnded) res.write(": heartbeat\n\n");
      },
    });
    // The page says when its data was read (`since`); only if the viewer may have missed a change since then does it
    // reload: a page load is one document request, not a document and then its data again (decision 025).
    if (req.query.since !== undefined) {
      const read = parseDataRead(req.query.since);
      const margin = read?.process === PROCESS_ID ? SAME_PROCESS_MARGIN_MS : CLOCK_MARGIN_MS;
      if (!read || (bus.missedSince?.(read.at, (change) => canSeeChange(viewer, change), margin) ?? true))
        send(LIVE_EVENTS.resync, {});
    }
    const unwatch = watch(session);

    const forget = closable.add((retryMs) => {
      if (res.writableEnded) return;
      res.write(`retry: ${retryMs}\n\n`);
      send(LIVE_EVENTS.reconnect, { retryMs });
      res.end();
    });
    let closed = false;
    const cleanup = () => {
      if (closed) return;
      closed = true;
      forget();
      detach();
      unwatch();
      const remaining = (openStreams.get(user.id) ?? 1) - 1;
      if (remaining > 0) openStreams.set(user.id, remaining);
      else openStreams.delete(user.id);
    };
    res.on("close", cleanup);
  };
}
