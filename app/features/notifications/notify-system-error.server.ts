import { adminsListening, notify } from "~/features/notifications/notify.server";
import { countAttempt } from "~/lib/auth/attempt-counter.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";

const SYSTEM_ERROR_NOTIFICATION_TYPE = "system_error";
/** At most one notification per kind of error in this window, across every app instance. */
export const SYSTEM_ERROR_WINDOW_MS = 10 * 60_000;
const MESSAGE_MAX = 200;

/** The kind an error is counted under: its class name (TypeError, a database error's name...). */
function errorKind(error: unknown): string {
  return error instanceof Error ? error.name || "Error" : typeof error;
}

/**
 * A server error: every admin is told (type system_error) when the settings' System errors and Push
 * Notifications are on, at most once per 10 minutes per kind (the attempt counters, shared by every
 * instance, hold the window). Never throws: reporting an error must not cause another.
 */
export async function notifySystemError(
  { db, bus }: Pick<Deps, "db" | "bus">,
  error: unknown,
  now = new Date(),
): Promise<void> {
  try {
    const kind = errorKind(error);
    const changes = await db.transaction(async (tx) => {
      if (!(await adminsListening(tx, "systemErrors"))) return [];
      const counted = await countAttempt(tx, `system-error:${kind}`, { windowMs: SYSTEM_ERROR_WINDOW_MS, max: 1 }, now);
      if (counted.count > 1) return [];
      const detail = error instanceof Error ? error.message : String(error);
      // Worded in each admin's language; the error's own text stays as the code threw it.
      return notify(tx, {
        to: { admins: "systemErrors" },
        type: SYSTEM_ERROR_NOTIFICATION_TYPE,
        data: { kind, detail: detail.slice(0, MESSAGE_MAX) },
      });
    });
    await publishChanges(bus, changes);
  } catch (failure) {
    console.error("Could not notify admins of a server error:", failure);
  }
}
