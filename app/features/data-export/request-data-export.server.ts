import { and, desc, eq, ne, sql } from "drizzle-orm";
import { dataExports } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { isCustomerAccount } from "~/lib/auth/roles.server";
import type { Actor } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { confirmPassword } from "./confirm-password.server";
import { nextExportAllowedAt } from "./data-export-rules";
import type { Deps } from "~/lib/services.server";

export interface RequestDataExportInput {
  /** The account's password, to include the stored secrets; "" for an export without them. */
  password: string;
  /** The request's headers: Better Auth finds the session (and checks the password) through them. */
  headers: Headers;
}

/**
 * 'Download my data': queues an export of the signed-in customer's own data (the page never names anyone else), at
 * most one a day. A team account has none to take (what it reads is the customers'): refused. With the right password the export will hold the stored secrets in clear. The row is all this writes:
 * the worker (data-export-worker.server.ts) hears of it through the published change and builds the ZIP. Two
 * requests at once are taken one after the other (a lock on the account's export rows), so a day never gets two.
 */
export async function requestDataExport(
  deps: Pick<Deps, "db" | "auth" | "bus">,
  actor: Actor | null,
  input: RequestDataExportInput,
): Promise<{ id: string; withSecrets: boolean }> {
  const { db, bus } = deps;
  const me = requireActor(actor);
  if (!(await isCustomerAccount(db, me))) throw new AppError("forbidden");
  // Refused before the password is checked: a customer who cannot export now learns it without typing it again.
  await refuseWithinADay(db, me.id);
  const withSecrets = input.password.length > 0;
  if (withSecrets) await confirmPassword(deps, me, { password: input.password, headers: input.headers });
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`data-export:${me.id}`}, 0))`);
    await refuseWithinADay(tx, me.id);
    const [row] = await tx.insert(dataExports).values({ userId: me.id, withSecrets }).returning({ id: dataExports.id });
    return row!.id;
  });
  await publishChanges(bus, [{ table: "data_exports", userId: me.id }]);
  return { id, withSecrets };
}

/** The one-a-day rule, on the database's clock (every instance reads the same one). */
async function refuseWithinADay(executor: Executor, userId: string): Promise<void> {
  const [last] = await executor
    .select({ createdAt: dataExports.createdAt, now: sql<string>`now()` })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, "failed")))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  if (last && nextExportAllowedAt(last, new Date(last.now))) throw new AppError("data_export_daily_limit");
}
