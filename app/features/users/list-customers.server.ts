import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  conversations,
  customerAssignments,
  googleBusinessInfo,
  googleBusinessProgress,
  payments,
  planSubscriptions,
  profiles,
  websiteProgress,
} from "~db/schema";
import { GOOGLE_BUSINESS_STEPS, WEBSITE_STEPS } from "~/domain/progress-steps";
import { requireTeamActor } from "~/lib/auth/actor-guards";
import type { Db, Executor } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import {
  CUSTOMERS_PER_PAGE,
  FIRST_PAGE,
  UNASSIGNED,
  type CustomerListQuery,
  type CustomerPlanFilter,
} from "./customer-list-query";
import { customerColumns, isCustomer } from "./customer-query.server";
import { toCustomer, type CustomerList, type ListedCustomer } from "./customer-views";
import type { CustomerActivity, UserCounters } from "./user-counters";
import type { Deps } from "~/lib/services.server";

// The counter rule (user-counters.ts) on a profile joined to its records. Each joined table has at most one
// row per user (unique on user_id), so the joins never multiply rows.
const isActive = sql`(coalesce(${googleBusinessProgress.verificationCompleted} and ${googleBusinessProgress.seoLocalSetup}, false)
  or coalesce(${websiteProgress.websiteLaunch}, false))`;
const isInactive = sql`(${googleBusinessProgress.userId} is null and ${websiteProgress.userId} is null
  and ${googleBusinessInfo.userId} is null)`;
const activity = sql<CustomerActivity>`case when ${isActive} then 'active' when ${isInactive} then 'inactive' else 'in_progress' end`;

/** How many of a checklist's steps are done, from the joined progress row (none without one). */
function doneSteps(columns: readonly AnyPgColumn[]) {
  return sql<number>`(${sql.join(
    columns.map((column) => sql`coalesce(${column}::int, 0)`),
    sql` + `,
  )})`;
}

/**
 * A customer's completed payments for a service: read per listed row through payments_user_created_idx. The
 * planner evaluates these after the page's limit, so a page costs 50 small index reads, not one per customer.
 */
const paidCount = (service: string) =>
  sql<number>`(select count(*)::int from ${payments} where ${payments.userId} = ${profiles.id}
    and ${payments.serviceType} = ${service} and ${payments.status} = 'completed')`;

/**
 * The names of the team members a listed customer is assigned to (the 'Assigned to' column), read per listed row
 * through the assignments' primary key, after the page's limit like the payments.
 */
const assignedTo = sql<
  string[]
>`coalesce((select json_agg("assignee"."full_name" order by "assignee"."full_name", "assignee"."id")
    from ${customerAssignments}
    join ${profiles} as "assignee" on "assignee"."id" = ${customerAssignments.memberId}
    where ${customerAssignments.customerId} = ${profiles.id}), '[]'::json)`;

/** What each listed customer paid, where each job stands (the list's Status column) and who looks after them. */
const standingColumns = {
  googleBusinessPaid: paidCount("google_business"),
  websitePaid: paidCount("website"),
  googleBusinessSteps: doneSteps(GOOGLE_BUSINESS_STEPS.map((step) => googleBusinessProgress[step.key])),
  websiteSteps: doneSteps(WEBSITE_STEPS.map((step) => websiteProgress[step.key])),
  assignedTo,
};

/** The customers assigned to a member (through customer_assignments_member_idx): a staff member's whole list. */
function assignedToMember(memberId: string): SQL {
  return sql`${profiles.id} in (select ${customerAssignments.customerId} from ${customerAssignments} where ${customerAssignments.memberId} = ${memberId})`;
}

/** The customers no team member looks after (deactivating a member removes their assignments). */
const unassigned = sql`not exists (select 1 from ${customerAssignments}
  where ${customerAssignments.customerId} = ${profiles.id})`;

/** The admins' 'Assigned to' filter. */
function assigneeCondition(assigned: string): SQL {
  return assigned === UNASSIGNED ? unassigned : assignedToMember(assigned);
}

/**
 * The 'Care plan' filter: the customers with a subscription in these standings, as a set of ids (as the assignments
 * are): subscriptions are few beside the customers. The standings are the plans' own (plans.ts), a feature after this
 * one, written out here.
 */
function holdingPlan(statuses: readonly string[]): SQL {
  return sql`${profiles.id} in (select ${planSubscriptions.userId} from ${planSubscriptions}
    where ${planSubscriptions.status} in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )}))`;
}

const planCondition: Record<CustomerPlanFilter, SQL> = {
  on_plan: holdingPlan(["active", "past_due"]),
  past_due: holdingPlan(["past_due"]),
};

const activityCondition: Record<CustomerActivity, SQL> = {
  active: isActive,
  inactive: isInactive,
  in_progress: sql`not ${isActive} and not ${isInactive}`,
};

/** `%text%` for ILIKE, with the pattern characters in the text matched literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What the search reads: name, e-mail, company, phone and the phone's digits, apart by a character nobody
 * types. Exactly the expression of the trigram index profiles_search_idx (migration 0008), so the planner
 * uses it; written once here and once there.
 */
const searchText = sql`(${profiles.fullName} || E'\\x01' || ${profiles.email} || E'\\x01' || coalesce(${profiles.companyName}, '')
  || E'\\x01' || coalesce(${profiles.phone}, '') || E'\\x01' || coalesce(translate(${profiles.phone}, '() -', ''), ''))`;

/**
 * The search: part of the name, e-mail, company or phone, ignoring case. A phone number however written
 * ('555 123 4567', '(555) 123-4567', '5551234567') is looked for by its digits.
 */
export function searchCondition(search: string): SQL {
  const digits = search.replace(/[\s()+.-]/g, "");
  const term = /^\d{3,}$/.test(digits) ? digits : search;
  return sql`${searchText} ilike ${containing(term)}`;
}

/**
 * Every customer the list shows for a query, over all its pages: the viewer's reach (a staff member's own customers),
 * the search, the 'Assigned to' filter (the admins'), the 'Care plan' filter and the counter filter, exactly as
 * listCustomers applies them.
 */
export function customerListCondition(member: Actor, query: Omit<CustomerListQuery, "page">): SQL | undefined {
  const scope = member.isAdmin ? undefined : assignedToMember(member.id);
  const assigned = member.isAdmin ? query.assigned : null;
  return and(
    isCustomer,
    scope,
    query.search ? searchCondition(query.search) : undefined,
    assigned ? assigneeCondition(assigned) : undefined,
    query.plan ? planCondition[query.plan] : undefined,
    query.activity ? activityCondition[query.activity] : undefined,
  );
}

/**
 * The list's rows before any condition: a customer with the counter state they are counted under, what they paid,
 * where each job stands and who looks after them (the joined tables have one row per user, so nothing multiplies),
 * with the caller's `extra` columns.
 */
export function listedCustomerRows<Extra extends Record<string, SQL | AnyPgColumn>>(executor: Executor, extra: Extra) {
  return executor
    .select({ ...customerColumns, activity, ...standingColumns, ...extra })
    .from(profiles)
    .leftJoin(googleBusinessProgress, eq(googleBusinessProgress.userId, profiles.id))
    .leftJoin(websiteProgress, eq(websiteProgress.userId, profiles.id))
    .leftJoin(googleBusinessInfo, eq(googleBusinessInfo.userId, profiles.id));
}

/** The counters over every customer (or those in `scope`), in one query. */
async function countCustomers(db: Db, scope?: SQL): Promise<UserCounters> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${isActive})::int`,
      inactive: sql<number>`count(*) filter (where ${isInactive})::int`,
    })
    .from(profiles)
    .leftJoin(googleBusinessProgress, eq(googleBusinessProgress.userId, profiles.id))
    .leftJoin(websiteProgress, eq(websiteProgress.userId, profiles.id))
    .leftJoin(googleBusinessInfo, eq(googleBusinessInfo.userId, profiles.id))
    .where(and(isCustomer, scope));
  const { total = 0, active = 0, inactive = 0 } = row ?? {};
  return { total, active, inactive, inProgress: total - active - inactive };
}

/**
 * The last counters each database gave, with the snapshot they were read under. Two statements under the
 * same snapshot see the same rows (MVCC), and any committed write moves the snapshot on, on every instance
 * sharing the database; so while nothing was written the counters are reused, and the first read after
 * any write counts again. The snapshot costs a trivial query; the counters read every customer.
 */
const lastCounters = new WeakMap<Db, { snapshot: string; counters: UserCounters }>();

export async function currentCounters(db: Db): Promise<UserCounters> {
  const { rows } = await db.execute<{ snapshot: string }>(sql`select pg_current_snapshot()::text as snapshot`);
  const snapshot = rows[0]?.snapshot ?? "";
  const last = lastCounters.get(db);
  if (last && snapshot && last.snapshot === snapshot) return last.counters;
  const counters = await countCustomers(db);
  lastCounters.set(db, { snapshot, counters });
  return counters;
}

const COUNTER_OF: Record<CustomerActivity, keyof UserCounters> = {
  active: "active",
  inactive: "inactive",
  in_progress: "inProgress",
};

/**
 * One page of the customers matching `matching`, newest first, read along the registration-date index (which
 * stops after the page; a search the planner finds selective is read through the trigram index instead).
 */
function customerPage(db: Db, matching: SQL | undefined, page: number) {
  return db
    .select({ ...customerColumns, activity, ...standingColumns, unreadMessages: conversations.agencyUnread })
    .from(profiles)
    .leftJoin(conversations, eq(conversations.userId, profiles.id))
    .leftJoin(googleBusinessProgress, eq(googleBusinessProgress.userId, profiles.id))
    .leftJoin(websiteProgress, eq(websiteProgress.userId, profiles.id))
    .leftJoin(googleBusinessInfo, eq(googleBusinessInfo.userId, profiles.id))
    .where(and(isCustomer, matching))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(CUSTOMERS_PER_PAGE)
    .offset((page - 1) * CUSTOMERS_PER_PAGE);
}

/**
 * How many customers a search or the 'Assigned to' or 'Care plan' filter (and the counter filter) matches. Only the
 * counter filter needs the records joined; otherwise profiles are counted. The planner prices the search expression
 * as cheap and would scan every profile computing it (30-50 ms at 10,000 customers on PGlite) rather than read the
 * trigram index (about 5 ms): a search is counted with sequential scans off, in a transaction of its own so the
 * setting ends with it.
 */
async function countMatches(
  db: Db,
  matching: SQL | undefined,
  filter: SQL | undefined,
  { searched }: { searched: boolean },
): Promise<number> {
  return db.transaction(async (tx) => {
    if (searched) await tx.execute(sql`set local enable_seqscan = off`);
    const base = tx.select({ matched: sql<number>`count(*)::int` }).from(profiles);
    const [row] = filter
      ? await base
          .leftJoin(googleBusinessProgress, eq(googleBusinessProgress.userId, profiles.id))
          .leftJoin(websiteProgress, eq(websiteProgress.userId, profiles.id))
          .leftJoin(googleBusinessInfo, eq(googleBusinessInfo.userId, profiles.id))
          .where(and(isCustomer, matching, filter))
      : await base.where(and(isCustomer, matching));
    return row?.matched ?? 0;
  });
}

function listed(row: Awaited<ReturnType<typeof customerPage>>[number]): ListedCustomer {
  return {
    ...toCustomer(row),
    activity: row.activity,
    unreadMessages: row.unreadMessages ?? 0,
    assignedTo: row.assignedTo,
    standing: {
      googleBusiness: { paid: row.googleBusinessPaid, doneSteps: row.googleBusinessSteps },
      website: { paid: row.websitePaid, doneSteps: row.websiteSteps },
    },
  };
}

/**
 * One page of the customers (the team left out), newest first, 50 a page, searched and filtered by counter state, by
 * their care plans' standing and (for admins) by whom they are assigned to, with the counters over every customer the
 * viewer reaches. Admins reach every customer; a staff member only those assigned to them, by a condition in the
 * query itself, so pages and counts never leave the database (the 'Assigned to' filter is the admins'). Without a
 * search, assignee or plan filter the counters already give the list's total and the page walks the registration-date
 * index. Otherwise the page comes first: a page that is not full tells the total by itself (the usual case of a
 * narrow search); else the matches are counted.
 */
export async function listCustomers(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  query: CustomerListQuery = FIRST_PAGE,
): Promise<CustomerList> {
  const member = requireTeamActor(actor);
  const scope = member.isAdmin ? undefined : assignedToMember(member.id);
  const shown: CustomerListQuery = member.isAdmin ? query : { ...query, assigned: null };
  const filter = shown.activity ? activityCondition[shown.activity] : undefined;
  const search = shown.search ? searchCondition(shown.search) : undefined;
  // What the counters do not count by: the search and the assignee and plan filters (a staff member's counters are
  // their own).
  const narrowing = and(
    search,
    shown.assigned ? assigneeCondition(shown.assigned) : undefined,
    shown.plan ? planCondition[shown.plan] : undefined,
  );
  const within = (extra: SQL | undefined) => and(scope, narrowing, extra);
  // The counters and the requested page at once (on PostgreSQL two connections work in parallel; PGlite
  // takes them in turn). Only a page past the end needs another query. A staff member's few customers are
  // counted each time; the admins' counters over everyone are kept while nothing changes.
  const [counters, requested] = await Promise.all([
    scope ? countCustomers(db, scope) : currentCounters(db),
    customerPage(db, within(filter), shown.page),
  ]);

  if (!narrowing) {
    const total = shown.activity ? counters[COUNTER_OF[shown.activity]] : counters.total;
    const pageCount = Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE));
    const page = Math.min(shown.page, pageCount);
    const rows = page === shown.page ? requested : await customerPage(db, within(filter), page);
    return {
      customers: rows.map(listed),
      counters,
      query: { ...shown, page },
      total,
      pageCount,
    };
  }

  const fullPageOrPastTheEnd = requested.length === CUSTOMERS_PER_PAGE || (requested.length === 0 && shown.page > 1);
  const total = fullPageOrPastTheEnd
    ? await countMatches(db, within(undefined), filter, { searched: Boolean(search) })
    : (shown.page - 1) * CUSTOMERS_PER_PAGE + requested.length;
  const pageCount = Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE));
  // Past the last page (an old link, a hand-edited address): show the last page there is.
  const page = Math.min(shown.page, pageCount);
  const rows = page === shown.page ? requested : await customerPage(db, within(filter), page);
  return {
    customers: rows.map(listed),
    counters,
    query: { ...shown, page },
    total,
    pageCount,
  };
}
