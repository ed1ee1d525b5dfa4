import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import {
  attemptCounters,
  auditEvents,
  customerAssignments,
  dataExports,
  emailMessages,
  leads,
  notifications,
  paymentRefunds,
  payments,
  profiles,
  teamInvitations,
  user,
  verification,
} from "~db/schema";
import { isCustomer } from "~/features/users/customer-query.server";
import { leadChanges } from "~/features/leads/leads";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Executor } from "~/lib/db/db.server";
import { queueEmail } from "~/lib/email/email.server";
import { removeOutboxCopiesOf } from "~/lib/email/outbox.server";
import { AppError } from "~/lib/http/app-error";
import { i18nFor } from "~/lib/i18n/instances.server";
import { languageOfUser } from "~/lib/i18n/language.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { fileColumns } from "~/lib/storage/storage-sweep.server";
import { EXPORTS_BUCKET, isBucket, isSafeKey, type Bucket } from "~/lib/storage/storage.server";
import { kindOfKey, ownerOfKey, thumbnailKey } from "~/domain/upload-kinds";
import { ACCOUNT_ERASED_PAYMENT_NOTE, identifiersOf, redact, scrubAuditDetail } from "./account-deletion";
import type { Deps } from "~/lib/services.server";

/** Who erased the account: the customer themself, or an admin (with their reason; from a request the customer made, or not). */
export type ErasedBy =
  | { kind: "customer" }
  | { kind: "admin"; adminId: string; reason: string | null; requestId?: string };

/** A stored file to remove once the erasure has committed. */
interface ErasedFile {
  bucket: Bucket;
  key: string;
}

/** What an erasure leaves to do after its commit: the files to remove, the e-mails whose outbox copies go, the changes to publish. */
export interface Erasure {
  files: ErasedFile[];
  /** The email_messages rows it deleted: their `.eml` copies in the outbox (development without SMTP) name the customer too. */
  emails: string[];
  changes: Change[];
}

/** The columns that name a user in each table, read from the database's own foreign keys to user(id). */
async function userColumns(executor: Executor): Promise<Map<string, string[]>> {
  const { rows } = await executor.execute<{ table_name: string; column_name: string }>(sql`
    select cl.relname as table_name, a.attname as column_name
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join lateral unnest(c.conkey) as k(attnum) on true
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    where c.contype = 'f' and c.confrelid = 'public."user"'::regclass and n.nspname = 'public'`);
  const columns = new Map<string, string[]>([["user", ["id"]]]);
  for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  return columns;
}

/** `/files/<bucket>/<key>` as a stored file, or null for anything else. */
function storedFile(url: string | null | undefined): ErasedFile | null {
  const match = url ? /^\/files\/([^/]+)\/(.+)$/.exec(url) : null;
  if (!match || !isBucket(match[1]) || !isSafeKey(match[2]!)) return null;
  return { bucket: match[1], key: match[2]! };
}

/**
 * Every stored file of the customer's that a row of theirs names (their avatar, proofs, business photos and logos, note
 * photos, message attachments, approval files, delivered files), whichever table holds it: the file columns are found
 * by name as the start-up sweep finds them, the customer's rows by the table's columns that reference user(id). Then
 * their data exports' ZIPs. Each file with its preview beside it (removing a file that is not there is no error).
 *
 * A row saying a path is no proof the file is theirs: only a key the server made for them (its owner segment their id,
 * in a bucket and prefix of a known upload kind) is removed. A row of theirs naming anybody else's file (a value a
 * client once wrote, or a bug) leaves that file alone, and is logged.
 */
async function customerFiles(executor: Executor, customerId: string): Promise<ErasedFile[]> {
  const owners = await userColumns(executor);
  const found = new Map<string, ErasedFile>();
  const add = (file: ErasedFile | null, column: string) => {
    if (!file) return;
    const kind = kindOfKey(file.bucket, file.key);
    if (!kind || ownerOfKey(kind, file.key) !== customerId) {
      console.warn(
        `Erasure: ${column} of the erased account names ${file.bucket}/${file.key}, which is not theirs: not removed`,
      );
      return;
    }
    found.set(`${file.bucket}/${file.key}`, file);
    found.set(`${file.bucket}/${thumbnailKey(file.key)}`, { bucket: file.bucket, key: thumbnailKey(file.key) });
  };
  for (const { table, column, shape } of fileColumns()) {
    const ownedBy = owners.get(table);
    if (!ownedBy) continue;
    const url =
      shape === "one"
        ? sql`${sql.identifier(column)}`
        : shape === "list"
          ? sql`unnest(${sql.identifier(column)})`
          : sql`jsonb_array_elements(${sql.identifier(column)}) ->> 'url'`;
    const theirs = sql.join(
      ownedBy.map((owner) => sql`${sql.identifier(owner)} = ${customerId}`),
      sql` or `,
    );
    const { rows } = await executor.execute<{ url: string | null }>(
      sql`select ${url} as url from ${sql.identifier(table)} where (${theirs}) and ${sql.identifier(column)} is not null`,
    );
    for (const row of rows) add(storedFile(row.url), `${table}.${column}`);
  }
  const exportsOf = await executor
    .select({ key: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, customerId), isNotNull(dataExports.fileKey)));
  for (const { key } of exportsOf)
    if (key && isSafeKey(key)) found.set(`${EXPORTS_BUCKET}/${key}`, { bucket: EXPORTS_BUCKET, key });
  return [...found.values()];
}

/** The confirmation, in the customer's language: what went, what stays, and that this is the last message. */
function confirmationEmail(i18n: I18n, to: { email: string; name: string }, by: ErasedBy) {
  const name = to.name;
  return {
    to: to.email,
    subject: i18n._(msg`Your account has been deleted`),
    text: [
      i18n._(msg`Hello ${name},`),
      by.kind === "customer"
        ? i18n._(msg`As you asked, your account has been deleted and you have been signed out everywhere.`)
        : i18n._(msg`Your account has been deleted by the agency and you have been signed out everywhere.`),
      i18n._(
        msg`Your profile, information forms, credentials and their passwords, messages, approvals, files, notes and notifications have been erased.`,
      ),
      i18n._(msg`We keep the records of your payments for bookkeeping, without your name, e-mail, phone or files.`),
      i18n._(msg`This is the last e-mail we send to this address: once it is sent, we do not keep the address either.`),
    ].join("\n\n"),
    forgetAfterSend: true,
  };
}

/**
 * Erases a customer, in the caller's transaction; the one path every deletion takes (the customer's own, an approved
 * request, an admin's 'Delete customer'). Refuses an id that is no customer's (a team account included) with
 * customer_not_found. In order:
 * - the customer is locked, and their identifiers (name, e-mail, phone, company) read for the texts that stay;
 * - the files their rows name are listed (removed after the commit: `finishErasure`);
 * - payments stay for the books: a payment still waiting for review is closed (rejected with a system note: nobody
 *   can review it any more), every payment loses its proof and its admin notes, refund reasons lose the identifiers;
 *   their user id goes null with the account (ON DELETE SET NULL);
 * - what names them outside their own rows goes: the team's notifications about them, e-mails to or about them,
 *   attempt counters and Better Auth verification values keyed by their address or id, invitations to their address,
 *   their enquiries (the leads linked to the account or sent from its address, with their timelines);
 * - audit events: theirs lose their personal keys, others lose the identifiers (actor_id and customer_id go null with
 *   the account);
 * - the confirmation e-mail is queued, forgotten once sent;
 * - the account is deleted: every table that references it cascades (profile, sessions, passwords, notifications,
 *   forms, credentials, notes, messages, approvals, delivered files, exports, requests...);
 * - the erasure itself is audited, without personal data: who did it (the customer, or an admin and their reason).
 */
export async function eraseCustomer(tx: Executor, customerId: string, by: ErasedBy): Promise<Erasure> {
  const [customer] = await tx
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      phone: profiles.phone,
      companyName: profiles.companyName,
    })
    .from(profiles)
    .where(and(eq(profiles.id, customerId), isCustomer))
    .for("update");
  if (!customer) throw new AppError("customer_not_found");
  const [account] = await tx
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, customerId))
    .for("update");
  if (!account) throw new AppError("customer_not_found");
  const addresses = [...new Set([customer.email, account.email].map((address) => address.trim().toLowerCase()))];
  // Who they are, to take out of the texts that stay; their name and address alone, to find what is about them
  // (a phone or a company name may be shared with another customer, whose rows must stay).
  const identifiers = identifiersOf([
    customer.fullName,
    account.name,
    customer.email,
    account.email,
    customer.phone,
    customer.companyName,
  ]);
  const names = identifiersOf([customer.fullName, account.name, customer.email, account.email]);
  const i18n = i18nFor(await languageOfUser(tx, customerId));

  const files = await customerFiles(tx, customerId);
  const assignedTo = (
    await tx
      .select({ memberId: customerAssignments.memberId })
      .from(customerAssignments)
      .where(eq(customerAssignments.customerId, customerId))
  ).map((row) => row.memberId);

  // Payments stay for the books, without anything that names the customer.
  const closed = await tx
    .update(payments)
    .set({ status: "rejected", adminNotes: ACCOUNT_ERASED_PAYMENT_NOTE, proofUrl: null })
    .where(and(eq(payments.userId, customerId), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  const kept = await tx
    .update(payments)
    .set({
      proofUrl: null,
      adminNotes: sql`case when ${payments.status} = 'rejected' and ${payments.adminNotes} = ${ACCOUNT_ERASED_PAYMENT_NOTE} then ${payments.adminNotes} else null end`,
    })
    .where(eq(payments.userId, customerId))
    .returning({ id: payments.id });
  for (const refund of await tx
    .select({ id: paymentRefunds.id, reason: paymentRefunds.reason })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.userId, customerId))) {
    const reason = redact(refund.reason, identifiers);
    if (reason !== refund.reason)
      await tx.update(paymentRefunds).set({ reason }).where(eq(paymentRefunds.id, refund.id));
  }

  // The team's notifications about them: each names them in its data (rows older than the data, by their words).
  const noticed = await tx
    .delete(notifications)
    .where(
      sql`${notifications.userId} <> ${customerId} and (${notifications.data} ->> 'customerId' = ${customerId} or (${notifications.data} is null and ${anyMentioned(sql`${notifications.title} || ' ' || ${notifications.message}`, names)}))`,
    )
    .returning({ userId: notifications.userId });

  // E-mails to them, and the team's e-mails about them: each links to their page in the back office (/admin/users/<id>,
  // their conversation's included) and a gathered one is keyed by their id (their messages', `message:<id>:<reader>`);
  // and in the log of e-mails already sent, any that names them. (A reply address names no customer: it is a
  // reply_addresses row, which goes with the account, and the sender blanks reply_to once sent.)
  const emails = await tx
    .delete(emailMessages)
    .where(
      or(
        inArray(sql`lower(${emailMessages.to})`, addresses),
        sql`position(${customerId} in coalesce(${emailMessages.link}, '')) > 0`,
        sql`position(${customerId} in coalesce(${emailMessages.gatherKey}, '')) > 0`,
        and(
          sql`${emailMessages.status} <> 'queued'`,
          anyMentioned(
            sql`${emailMessages.subject} || ' ' || ${emailMessages.text} || ' ' || ${emailMessages.html}`,
            names,
          ),
        ),
      ),
    )
    .returning({ id: emailMessages.id });
  // Counters keyed `purpose:subject` (sign-in failures by address, checkouts and messages by id) and Better Auth's
  // verification values (a password-reset token names the account's id).
  await tx
    .delete(attemptCounters)
    .where(inArray(sql`split_part(${attemptCounters.key}, ':', 2)`, [...addresses, customerId]));
  await tx
    .delete(verification)
    .where(
      or(
        sql`position(${customerId} in ${verification.value}) > 0`,
        sql`position(${customerId} in ${verification.identifier}) > 0`,
        ...addresses.map(
          (address) =>
            sql`position(${address} in lower(${verification.identifier} || ' ' || ${verification.value})) > 0`,
        ),
      ),
    );
  await tx.delete(teamInvitations).where(inArray(sql`lower(${teamInvitations.email})`, addresses));
  // Their enquiries are their data too: the leads linked to the account and those sent from its address go, with
  // their timelines (the analytics count them no more).
  const erasedLeads = await tx
    .delete(leads)
    .where(or(eq(leads.customerId, customerId), inArray(sql`lower(${leads.email})`, addresses)))
    .returning({ id: leads.id, assignedTo: leads.assignedTo });

  // The audit log keeps what was done, not who they were.
  const audited = await tx
    .select({
      id: auditEvents.id,
      detail: auditEvents.detail,
      actorId: auditEvents.actorId,
      customerId: auditEvents.customerId,
    })
    .from(auditEvents)
    .where(
      or(
        eq(auditEvents.customerId, customerId),
        eq(auditEvents.actorId, customerId),
        anyMentioned(sql`${auditEvents.detail}::text`, [...identifiers, customerId]),
      ),
    );
  for (const event of audited) {
    const about = event.customerId === customerId || event.actorId === customerId;
    const detail = scrubAuditDetail(event.detail, [...identifiers, customerId], { about });
    if (JSON.stringify(detail) !== JSON.stringify(event.detail))
      await tx.update(auditEvents).set({ detail }).where(eq(auditEvents.id, event.id));
  }

  await queueEmail(tx, confirmationEmail(i18n, { email: customer.email, name: customer.fullName || account.name }, by));

  // Everything that references the account goes with it (ON DELETE CASCADE), or keeps its row without it (SET NULL).
  await tx.delete(user).where(eq(user.id, customerId));

  await recordAuditEvent(tx, {
    actorId: by.kind === "admin" ? by.adminId : null,
    action: "customer.delete",
    detail: {
      by: by.kind,
      ...(by.kind === "admin" && by.reason ? { reason: redact(by.reason, identifiers) } : {}),
      ...(by.kind === "admin" && by.requestId ? { requested: true } : {}),
      files: files.filter((file) => !file.key.endsWith(".thumb.webp")).length,
      paymentsKept: kept.length,
      pendingPaymentsClosed: closed.length,
    },
  });

  const team = [...new Set([...assignedTo, ...noticed.map((row) => row.userId)])];
  return {
    files,
    emails: emails.map((row) => row.id),
    changes: [
      // Their open pages reload and find no session; the back office's lists and pages drop them.
      { table: "session", userId: customerId },
      { table: "profiles", userId: customerId },
      { table: "payments", userId: customerId },
      { table: "deletion_requests", userId: customerId },
      ...assignedTo.map((memberId) => ({ table: "customer_assignments", userId: memberId })),
      ...team.map((memberId) => ({ table: "notifications", userId: memberId })),
      ...erasedLeads.flatMap((lead) => leadChanges(lead)),
    ],
  };
}

/** Whether a text column names any of the identifiers (whatever its case); false when there are none. */
function anyMentioned(text: ReturnType<typeof sql>, identifiers: readonly string[]) {
  if (identifiers.length === 0) return sql`false`;
  return sql`(${sql.join(
    identifiers.map((identifier) => sql`position(${identifier.toLowerCase()} in lower(${text})) > 0`),
    sql` or `,
  )})`;
}

/**
 * After the erasure committed: its files are removed from storage (a local folder or the S3 bucket), the outbox copies
 * of the e-mails it deleted from the outbox folder, then its changes published. A file that cannot be removed now (the
 * bucket unreachable) is logged: no row names it any more, so the start-up sweep removes it; an outbox copy left so
 * goes with the retention of sent e-mails.
 */
export async function finishErasure(
  { storage, bus, outboxDir }: Pick<Deps, "bus" | "storage" | "outboxDir">,
  erasure: Erasure,
): Promise<void> {
  for (const file of erasure.files) {
    await storage
      .delete(file.bucket, file.key)
      .catch((error: unknown) =>
        console.error(`Could not remove ${file.bucket}/${file.key} of an erased account:`, error),
      );
  }
  await removeOutboxCopiesOf(outboxDir, erasure.emails).catch((error: unknown) =>
    console.error("Could not remove the outbox copies of an erased account's e-mails:", error),
  );
  await publishChanges(bus, erasure.changes);
}
