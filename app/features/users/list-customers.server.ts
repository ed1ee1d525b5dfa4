import { desc, eq, isNotNull } from "drizzle-orm";
import { googleBusinessInfo, googleBusinessProgress, profiles, websiteProgress } from "~db/schema";
import { requireAdminActor } from "~/lib/actor-guards";
import type { Db } from "~/lib/db.server";
import type { Actor } from "~/lib/session";
import { customerColumns, isCustomer } from "./customer-query.server";
import { toCustomer, type CustomerList } from "./customer-views";
import { countUsers, customerActivity, type CustomerWork } from "./user-counters";

/**
 * Every customer (admins left out), newest first, with the counters of the admin list. One query: each
 * joined table has at most one row per user (unique on user_id), so the joins never multiply rows.
 */
export async function listCustomers({ db }: { db: Db }, actor: Actor | null): Promise<CustomerList> {
  requireAdminActor(actor);
  const rows = await db
    .select({
      ...customerColumns,
      googleProgressId: googleBusinessProgress.id,
      verificationCompleted: googleBusinessProgress.verificationCompleted,
      seoLocalSetup: googleBusinessProgress.seoLocalSetup,
      websiteProgressId: websiteProgress.id,
      websiteLaunch: websiteProgress.websiteLaunch,
      hasGoogleInfo: isNotNull(googleBusinessInfo.userId),
    })
    .from(profiles)
    .leftJoin(googleBusinessProgress, eq(googleBusinessProgress.userId, profiles.id))
    .leftJoin(websiteProgress, eq(websiteProgress.userId, profiles.id))
    .leftJoin(googleBusinessInfo, eq(googleBusinessInfo.userId, profiles.id))
    .where(isCustomer)
    .orderBy(desc(profiles.createdAt), desc(profiles.id));

  const work: CustomerWork[] = rows.map((row) => ({
    googleProgress: row.googleProgressId
      ? { verificationCompleted: Boolean(row.verificationCompleted), seoLocalSetup: Boolean(row.seoLocalSetup) }
      : null,
    websiteProgress: row.websiteProgressId ? { websiteLaunch: Boolean(row.websiteLaunch) } : null,
    hasGoogleInfo: Boolean(row.hasGoogleInfo),
  }));
  return {
    customers: rows.map((row, i) => ({ ...toCustomer(row), activity: customerActivity(work[i]!) })),
    counters: countUsers(work),
  };
}
