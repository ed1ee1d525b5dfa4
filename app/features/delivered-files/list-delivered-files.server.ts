import { desc, eq } from "drizzle-orm";
import { deliveredFiles } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import { requireCustomerReader } from "~/features/users/customer-query.server";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import type { DeliveredFilesView } from "./delivered-file-views";

/**
 * A customer's delivered files, by service, newest first, for the customer themself or an admin: anonymous gets
 * 401, another customer 403, an id that is no customer 404.
 */
export async function listDeliveredFiles(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  userId: string,
): Promise<DeliveredFilesView> {
  await requireCustomerReader(db, actor, userId);
  const rows = await db
    .select()
    .from(deliveredFiles)
    .where(eq(deliveredFiles.userId, userId))
    .orderBy(desc(deliveredFiles.createdAt), desc(deliveredFiles.id));
  const view: DeliveredFilesView = { google_business: [], website: [] };
  for (const row of rows) {
    view[row.service as ServiceType].push({
      id: row.id,
      service: row.service as ServiceType,
      name: row.name,
      size: row.size,
      downloadUrl: `${row.fileUrl}?name=${encodeURIComponent(row.name)}`,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return view;
}

/**
 * The signed-in user's own delivered files, for their service pages. A team member opening the portal has none (files
 * are delivered to customers), so their page shows none instead of the 404 a team member's id gets above.
 */
export async function listOwnDeliveredFiles(deps: Pick<Deps, "db">, actor: Actor | null): Promise<DeliveredFilesView> {
  const viewer = requireActor(actor);
  if (isTeam(viewer)) return { google_business: [], website: [] };
  return listDeliveredFiles(deps, viewer, viewer.id);
}
