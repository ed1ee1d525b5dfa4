import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { auditEvents, profiles, user, userRoles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { AUDIT_ACTIONS } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import {
  ACTIVITY_PAGE_SIZE,
  summarize,
  type ActivityFilters,
  type ActivityPage,
  type Translator,
} from "./activity-views";
import type { Deps } from "~/lib/services.server";

const uuidOrNull = (value: string | null) => (value && z.uuid().safeParse(value).success ? value : null);

/** The log's filters and page from the URL's search parameters; anything unreadable is dropped. */
export function activityQuery(params: URLSearchParams): ActivityFilters & { page: number } {
  const action = params.get("kind");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    adminId: uuidOrNull(params.get("admin")),
    customerId: uuidOrNull(params.get("customer")),
    action: action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : null,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/**
 * The audit events newest first, 25 a page, filtered by admin, customer and kind, each with who did it and
 * to whom (names as they are now). Admins only; read-only.
 */
export async function listActivity(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  query: ActivityFilters & { page: number },
  tr?: Translator,
): Promise<ActivityPage> {
  requireAdminActor(actor);
  const actorUser = alias(user, "actor_user");
  const customerUser = alias(user, "customer_user");
  const where: SQL[] = [];
  if (query.adminId) where.push(eq(auditEvents.actorId, query.adminId));
  if (query.customerId) where.push(eq(auditEvents.customerId, query.customerId));
  if (query.action) where.push(eq(auditEvents.action, query.action));
  const condition = where.length ? and(...where) : undefined;

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditEvents).where(condition);
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      createdAt: auditEvents.createdAt,
      detail: auditEvents.detail,
      actorId: auditEvents.actorId,
      actorName: actorUser.name,
      customerId: auditEvents.customerId,
      customerName: sql<string | null>`coalesce(${profiles.fullName}, ${customerUser.name})`,
    })
    .from(auditEvents)
    .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorId))
    .leftJoin(customerUser, eq(customerUser.id, auditEvents.customerId))
    .leftJoin(profiles, eq(profiles.id, auditEvents.customerId))
    .where(condition)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);

  // The Admin filter lists the team (admins and staff, deactivated ones too: their past work stays theirs), not the
  // customers, who appear as actors too (their own sign-ins, password changes).
  const isTeam = inArray(user.id, db.select({ id: userRoles.userId }).from(userRoles));
  const people = async (column: typeof auditEvents.actorId | typeof auditEvents.customerId, only?: SQL) => {
    const ids = (await db.selectDistinct({ id: column }).from(auditEvents).where(isNotNull(column))).map(
      (row) => row.id!,
    );
    if (ids.length === 0) return [];
    const named = await db
      .select({ id: user.id, name: sql<string>`coalesce(${profiles.fullName}, ${user.name})` })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(and(inArray(user.id, ids), only));
    return named.sort((a, b) => a.name.localeCompare(b.name));
  };
  const [admins, customers] = await Promise.all([people(auditEvents.actorId, isTeam), people(auditEvents.customerId)]);
  const deleted = tr ? tr(msg`Deleted account`) : "Deleted account";

  return {
    events: rows.map((row) => ({
      id: row.id,
      action: row.action,
      createdAt: row.createdAt.toISOString(),
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? deleted } : null,
      customer: row.customerId ? { id: row.customerId, name: row.customerName ?? deleted } : null,
      summary: summarize(row.action, row.detail, tr),
    })),
    page,
    pageCount,
    total,
    filters: { adminId: query.adminId, customerId: query.customerId, action: query.action },
    admins,
    customers,
    actions: [...AUDIT_ACTIONS],
  };
}
