import { eq } from "drizzle-orm";
import { googleBusinessProgress, websiteProgress } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import type { ServiceType } from "~/domain/service-catalog";

const TABLES = {
  google_business: { table: googleBusinessProgress, name: "google_business_progress" },
  website: { table: websiteProgress, name: "website_progress" },
} as const;

/**
 * The one way a progress record is removed: deletes the customer's record of that service in the caller's
 * transaction and returns the change to publish after the commit, so the customer's open page clears its
 * card (a live page clears a card whose record was deleted). No screen deletes a record; the end-to-end test
 * hook does, and whatever deletes one later must go through here.
 */
export async function deleteProgressRecord(
  executor: Executor,
  { userId, service }: { userId: string; service: ServiceType },
): Promise<{ deleted: boolean; changes: Change[] }> {
  const { table, name } = TABLES[service];
  const deleted = await executor.delete(table).where(eq(table.userId, userId)).returning({ userId: table.userId });
  return { deleted: deleted.length > 0, changes: deleted.length > 0 ? [{ table: name, userId }] : [] };
}
