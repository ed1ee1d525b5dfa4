import { eq } from "drizzle-orm";
import { z } from "zod";
import { googleBusinessInfo } from "~db/schema";
import { requireActor } from "~/lib/actor-guards";
import type { Executor } from "~/lib/db.server";
import type { Actor } from "~/lib/session";
import { toGoogleBusinessInfoView, type GoogleBusinessInfoView } from "./google-business-views";
import { AppError } from "~/lib/http/app-error";

const inputSchema = z.object({ userId: z.uuid() });

/**
 * A customer's saved Google Business information (null when nothing was saved), for that customer or an
 * admin; anyone else gets 404. The Gmail password is only ever masked here.
 */
export async function getGoogleBusinessInfo(
  { db }: { db: Executor },
  actor: Actor | null,
  input: { userId: string },
): Promise<GoogleBusinessInfoView | null> {
  const viewer = requireActor(actor);
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_request");
  const { userId } = parsed.data;
  if (!viewer.isAdmin && viewer.id !== userId) throw new AppError("google_business_info_not_found");
  const [row] = await db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, userId));
  return row ? toGoogleBusinessInfoView(row) : null;
}
