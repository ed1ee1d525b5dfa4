import { and, eq } from "drizzle-orm";
import { userRoles } from "~db/schema";
import type { Executor } from "../db/db.server";

/** Reading roles is infrastructure: the session, the live stream and the use cases all ask it. */
export async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

export async function adminIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
  return rows.map((row) => row.userId);
}
