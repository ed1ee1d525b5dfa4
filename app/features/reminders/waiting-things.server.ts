import { sql, type SQL } from "drizzle-orm";
import { REMINDER_KINDS, type ReminderKind } from "~/domain/reminder-schedules";
import {
  reminderNotificationData,
  type ReminderNotificationData,
} from "~/features/notifications/reminder-notifications";
import type { Executor } from "~/lib/db/db.server";
import type { WaitingThing } from "./reminders";

/**
 * What waits on customers, one SELECT a kind, each giving `user_id, kind, subject, since, data` (the data the bell
 * words the reminder with). Only customers' rows (no team member is reminded of anything); `users` narrows them to
 * some customers. Each kind stops the moment the customer acts: a payment sent, the form sent, the round decided, the
 * payment sent again, the thread read.
 */
function kindSql(kind: ReminderKind, users: UserFilter): SQL {
  switch (kind) {
    // Signed up, no payment of any kind (a pending proof is the customer acting; a rejected one is its own kind).
    case "unpaid_signup":
      return sql`select p.id as user_id, 'unpaid_signup' as kind, '' as subject, p.created_at as since,
          jsonb_build_object('kind', 'unpaid_signup') as data
        from profiles p
        where ${users(sql`p.id`)} and not exists (select 1 from payments x where x.user_id = p.id)`;
    // A service's first payment completed (a full refund undoes it), its information form never sent.
    case "information_form":
      return sql`select x.user_id, 'information_form', x.service_type, x.completed_at,
          jsonb_build_object('kind', 'information_form', 'service', x.service_type)
        from payments x
        where ${users(sql`x.user_id`)} and x.status = 'completed' and x.payment_number = 1
          and x.service_type is not null and x.completed_at is not null
          and not exists (select 1 from google_business_info i where x.service_type = 'google_business' and i.user_id = x.user_id)
          and not exists (select 1 from website_info i where x.service_type = 'website' and i.user_id = x.user_id)`;
    // A round sent for approval and not decided (a newer round supersedes it, deciding it).
    case "approval_round":
      return sql`select r.user_id, 'approval_round', r.id::text, r.created_at,
          jsonb_build_object('kind', 'approval_round', 'service', r.service, 'version', r.version, 'title', r.title)
        from review_rounds r
        where ${users(sql`r.user_id`)} and r.decision is null`;
    // The site ticked 'Review & Client Approval' (since that step's date), the first payment completed and the second
    // not sent (a rejected second payment is a rejected payment's reminder).
    case "second_payment":
      return sql`select w.user_id, 'second_payment', 'website',
          coalesce((w.step_dates -> 'reviewApproval' ->> 'at')::timestamptz, w.updated_at),
          jsonb_build_object('kind', 'second_payment')
        from website_progress w
        where ${users(sql`w.user_id`)} and w.review_approval
          and exists (select 1 from payments x where x.user_id = w.user_id and x.service_type = 'website'
            and x.payment_number = 1 and x.status = 'completed')
          and not exists (select 1 from payments x where x.user_id = w.user_id and x.service_type = 'website'
            and x.payment_number = 2 and x.status in ('pending', 'completed', 'rejected'))`;
    // A service's payment rejected (since the decision), the newest of its number: any later one is the customer acting.
    case "rejected_payment":
      return sql`select x.user_id, 'rejected_payment', x.id::text, x.updated_at,
          jsonb_build_object('kind', 'rejected_payment', 'service', x.service_type, 'paymentNumber', x.payment_number)
        from payments x
        where ${users(sql`x.user_id`)} and x.status = 'rejected' and x.service_type is not null
          and not exists (select 1 from payments y where y.user_id = x.user_id and y.service_type = x.service_type
            and y.payment_number = x.payment_number and (y.created_at, y.id) > (x.created_at, x.id))`;
    // The agency's messages the customer has not read, since the oldest of them (the subject: that message).
    case "unread_messages":
      return sql`select c.user_id, 'unread_messages', m.id::text, m.created_at,
          jsonb_build_object('kind', 'unread_messages', 'count', c.customer_unread)
        from conversations c
        cross join lateral (select id, created_at from messages m where m.user_id = c.user_id and m.from_agency
          and m.created_at > coalesce(c.customer_read_at, '-infinity'::timestamptz)
          order by m.created_at, m.id limit 1) m
        where ${users(sql`c.user_id`)} and c.customer_unread > 0`;
  }
}

type UserFilter = (column: SQL) => SQL;

/** Every customer, or only those of `userIds`; team members never. */
function userFilter(userIds: readonly string[] | undefined): UserFilter {
  return (column) =>
    userIds === undefined
      ? sql`${column} not in (select user_id from user_roles)`
      : sql`${column} = any(${`{${userIds.join(",")}}`}::uuid[]) and ${column} not in (select user_id from user_roles)`;
}

/** The things of `kinds` waiting on customers as one relation (a union of the kinds' selects). */
export function waitingSql(kinds: readonly ReminderKind[], userIds?: readonly string[]): SQL {
  const users = userFilter(userIds);
  return sql.join(
    kinds.map((kind) => sql`(${kindSql(kind, users)})`),
    sql` union all `,
  );
}

interface WaitingRow extends Record<string, unknown> {
  user_id: string;
  kind: string;
  subject: string;
  since: Date | string;
  data: unknown;
}

/** What waits on these customers now, every kind (whatever the schedules), the longest waiting first. */
export async function waitingThings(executor: Executor, userIds: readonly string[]): Promise<WaitingThing[]> {
  if (userIds.length === 0) return [];
  const { rows } = await executor.execute<WaitingRow>(
    sql`select * from (${waitingSql(REMINDER_KINDS, userIds)}) w order by w.since, w.kind, w.subject`,
  );
  return rows.flatMap((row) => {
    const data = reminderNotificationData.safeParse(row.data);
    if (!data.success) return [];
    return [
      {
        userId: row.user_id,
        kind: data.data.kind,
        subject: row.subject,
        since: new Date(row.since),
        data: data.data as ReminderNotificationData,
      },
    ];
  });
}
