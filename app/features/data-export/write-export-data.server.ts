import type { I18n } from "@lingui/core";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  carePlans,
  deliveredFiles,
  googleBusinessInfo,
  googleBusinessProgress,
  leadEvents,
  leads,
  messages,
  notifications,
  paymentRefunds,
  payments,
  planSubscriptions,
  profiles,
  reviewRounds,
  user as users,
  websiteCredentials,
  websiteInfo,
  websiteProgress,
  type ProgressStepDates,
} from "~db/schema";
import { renderNotification } from "~/features/notifications/notification-texts";
import { serviceNameIn } from "~/domain/service-texts";
import { PROGRESS_STEP_MESSAGES, PROGRESS_STEPS } from "~/domain/progress-steps";
import { formatReceiptNumber } from "~/features/receipts/receipt";
import type { ServiceType } from "~/domain/service-catalog";
import { CREDENTIAL_SECRET_FIELDS } from "~/lib/secrets/secrets";
import type { Secrets } from "~/lib/secrets/secrets.server";
import { EXPORTS_BUCKET, isBucket, isSafeKey, type Bucket } from "~/lib/storage/storage.server";
import type { ZipNames } from "./data-export-rules";
import { emptySummary, type ExportSummary, type FormSummary } from "./data-export-summary";
import type { JsonObjectWriter } from "./json-writer.server";
import type { Deps } from "~/lib/services.server";

/** A file the ZIP will carry: where it is stored and the path it gets in the ZIP (which data.json names). */
export interface ExportFile {
  bucket: Bucket;
  key: string;
  path: string;
}

/** What data.json is written from: the customer, whether secrets go in clear, and their language for worded texts. */
export interface ExportSubject {
  userId: string;
  withSecrets: boolean;
  i18n: I18n;
}

/** The ZIP's folders, one per family of files. */
const FOLDERS = {
  profile: "files/profile",
  payments: "files/payment-proofs",
  googleBusiness: "files/google-business",
  website: "files/website",
  messages: "files/messages",
  approvals: "files/approvals",
  delivered: "files/delivered",
} as const;

/** Rows read per query of the long lists (messages, notifications): memory stays the same whatever their number. */
const PAGE_SIZE = 500;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Writes data.json: the customer's profile, payments and receipts, information forms, progress, notifications,
 * messages, approval rounds, delivered files, credentials and the enquiries the account was made from, each a field of
 * one object. The long lists are read a
 * page at a time and written as they come. Every stored file a field names is given its path in the ZIP here and
 * added to `files`, for the ZIP to carry after data.json. Secrets are decrypted only when `withSecrets`; otherwise
 * the credentials say which secrets are stored, never their values. `progress` is told the share done, 0 to 1.
 * Returns what summary.html says of the same data (the long lists counted, not kept).
 */
export async function writeExportData(
  { db, secrets }: Pick<Deps, "db" | "secrets">,
  subject: ExportSubject,
  out: JsonObjectWriter,
  collect: { names: ZipNames; files: ExportFile[] },
  progress: (share: number) => Promise<void>,
): Promise<ExportSummary> {
  const { userId, withSecrets, i18n } = subject;
  const fileAt = (url: string | null | undefined, folder: string, name?: string): string | null => {
    const stored = storedFile(url);
    if (!stored) return null;
    const path = collect.names.claim(folder, name || stored.key.split("/").pop()!);
    collect.files.push({ ...stored, path });
    return path;
  };
  const service = (value: string) => ({ service: value, serviceName: serviceNameIn(i18n, value) });

  const [messageCount, notificationCount] = await Promise.all([
    db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.userId, userId))
      .then((rows) => rows[0]?.n ?? 0),
    db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .then((rows) => rows[0]?.n ?? 0),
  ]);
  // The eight sections count one each; the two long lists one per row.
  const total = 8 + messageCount + notificationCount;
  let done = 0;
  const advance = async (units: number) => {
    done += units;
    await progress(done / total);
  };

  const exportedAt = new Date().toISOString();
  const summary = emptySummary(exportedAt, withSecrets);
  await out.field("exportedAt", exportedAt);
  await out.field("secretsIncluded", withSecrets);

  const [profile] = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      phone: profiles.phone,
      companyName: profiles.companyName,
      avatarUrl: profiles.avatarUrl,
      emailOptOut: profiles.emailOptOut,
      remindersOptOut: profiles.remindersOptOut,
      createdAt: profiles.createdAt,
      language: users.language,
      accountEmail: users.email,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  const aboutYou = {
    fullName: profile?.fullName ?? null,
    email: profile?.accountEmail ?? profile?.email ?? null,
    phone: profile?.phone ?? null,
    companyName: profile?.companyName ?? null,
    language: profile?.language ?? null,
    emailUpdates: profile ? !profile.emailOptOut : null,
    reminders: profile ? !profile.remindersOptOut : null,
    createdAt: iso(profile?.createdAt),
    picture: fileAt(profile?.avatarUrl, FOLDERS.profile),
  };
  await out.field("profile", { id: userId, ...aboutYou });
  summary.profile = aboutYou;
  await advance(1);

  const paymentRows = (
    await db
      .select({ payment: payments, planEn: carePlans.nameEn, planEs: carePlans.nameEs })
      .from(payments)
      .leftJoin(planSubscriptions, eq(planSubscriptions.id, payments.planSubscriptionId))
      .leftJoin(carePlans, eq(carePlans.id, planSubscriptions.planId))
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt))
  ).map(({ payment, planEn, planEs }) => ({
    ...payment,
    // A care plan's monthly charge names its plan, in the customer's language.
    plan: (i18n.locale === "es" ? planEs : planEn) ?? null,
  }));
  const refunds = paymentRows.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            paymentRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(paymentRefunds.createdAt))
    : [];
  await out.field(
    "payments",
    paymentRows.map((row) => ({
      id: row.id,
      ...(row.serviceType === null ? { service: null, serviceName: null } : service(row.serviceType)),
      plan: row.plan,
      periodStart: iso(row.periodStart),
      periodEnd: iso(row.periodEnd),
      paymentNumber: row.paymentNumber,
      amount: row.amount,
      discount: row.discount,
      promotionCode: row.promotionCode,
      method: row.paymentMethod,
      status: row.status,
      notes: row.adminNotes,
      receiptNumber: row.receiptNumber === null ? null : formatReceiptNumber(row.receiptNumber),
      refundedAmount: row.refundedAmount,
      refunds: refunds
        .filter((refund) => refund.paymentId === row.id)
        .map((refund) => ({
          amount: refund.amount,
          reason: refund.reason,
          status: refund.status,
          createdAt: iso(refund.createdAt),
          completedAt: iso(refund.completedAt),
        })),
      createdAt: iso(row.createdAt),
      completedAt: iso(row.completedAt),
      proof: fileAt(row.proofUrl, FOLDERS.payments),
    })),
  );
  summary.payments = paymentRows.map((row) => ({
    service: row.serviceType,
    plan: row.plan,
    paymentNumber: row.paymentNumber,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    method: row.paymentMethod,
    status: row.status,
    receiptNumber: row.receiptNumber === null ? null : formatReceiptNumber(row.receiptNumber),
    createdAt: iso(row.createdAt),
  }));
  await advance(1);

  const [google] = await db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, userId));
  const [website] = await db.select().from(websiteInfo).where(eq(websiteInfo.userId, userId));
  const contact = (row: typeof google | typeof website) =>
    row && {
      facebookLink: row.facebookLink,
      instagramLink: row.instagramLink,
      linkedinLink: row.linkedinLink,
      address: row.address,
      aptSuite: row.aptSuite,
      city: row.city,
      state: row.state,
      zip: row.zip,
      serviceCities: row.serviceCities,
    };
  const informationForms = {
    googleBusiness: google
      ? {
          gmailEmail: google.gmailEmail,
          ...secretFields(secrets, withSecrets, { gmailPassword: google.gmailPassword }),
          legalBusinessName: google.legalBusinessName,
          serviceType: google.serviceType,
          openingDate: google.openingDate,
          phoneNumber: google.phoneNumber,
          website: google.website,
          ...contact(google),
          logo: fileAt(google.logoUrl, FOLDERS.googleBusiness),
          photos: google.photoUrls.map((url) => fileAt(url, FOLDERS.googleBusiness)).filter((path) => path !== null),
          createdAt: iso(google.createdAt),
          updatedAt: iso(google.updatedAt),
        }
      : null,
    website: website
      ? {
          hasDomain: website.hasDomain,
          domainProvider: website.domainProvider,
          hasHosting: website.hasHosting,
          hostingProvider: website.hostingProvider,
          primaryColor: website.primaryColor,
          legalBusinessName: website.legalBusinessName,
          serviceTypes: website.serviceTypes,
          phoneNumber: website.phoneNumber,
          ...contact(website),
          logo: fileAt(website.logoUrl, FOLDERS.website),
          founderPhoto: fileAt(website.founderPhotoUrl, FOLDERS.website),
          createdAt: iso(website.createdAt),
          updatedAt: iso(website.updatedAt),
        }
      : null,
  };
  await out.field("informationForms", informationForms);
  const formSummary = (
    row: typeof google | typeof website,
    written: { logo: string | null; photos?: string[]; founderPhoto?: string | null } | null,
  ): FormSummary | null =>
    row && written
      ? {
          businessName: row.legalBusinessName,
          phone: row.phoneNumber,
          address:
            [row.address, row.aptSuite, row.city, [row.state, row.zip].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", ") || null,
          serviceCities: row.serviceCities,
          files: [written.logo, written.founderPhoto ?? null, ...(written.photos ?? [])].filter((path) => path !== null)
            .length,
          sentAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        }
      : null;
  summary.informationForms = {
    googleBusiness: formSummary(google, informationForms.googleBusiness),
    website: formSummary(website, informationForms.website),
  };
  await advance(1);

  const [googleSteps] = await db.select().from(googleBusinessProgress).where(eq(googleBusinessProgress.userId, userId));
  const [websiteSteps] = await db.select().from(websiteProgress).where(eq(websiteProgress.userId, userId));
  const steps = (
    serviceType: ServiceType,
    row: (Record<string, unknown> & { stepDates: ProgressStepDates }) | undefined,
  ) =>
    row
      ? PROGRESS_STEPS[serviceType].map(({ key }) => ({
          step: key,
          name: i18n._(PROGRESS_STEP_MESSAGES[key]),
          done: row[key] === true,
          doneAt: row[key] === true ? (row.stepDates[key]?.at ?? null) : null,
        }))
      : null;
  const progressSteps = {
    googleBusiness: steps("google_business", googleSteps),
    website: steps("website", websiteSteps),
  };
  await out.field("progress", progressSteps);
  summary.progress = progressSteps;
  await advance(1);

  await out.list(
    "notifications",
    mapPages(
      (after) =>
        db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), after ? keysetAfter(notifications, after) : undefined))
          .orderBy(asc(notifications.createdAt), asc(notifications.id))
          .limit(PAGE_SIZE),
      async (row) => {
        summary.notifications += 1;
        const { title, message, href } = renderNotification(i18n, row);
        return { type: row.type, title, message, link: href, read: row.isRead, createdAt: iso(row.createdAt) };
      },
      advance,
    ),
  );

  const author = alias(profiles, "author");
  await out.list(
    "messages",
    mapPages(
      (after) =>
        db
          .select({
            id: messages.id,
            createdAt: messages.createdAt,
            fromAgency: messages.fromAgency,
            authorName: author.fullName,
            body: messages.body,
            attachments: messages.attachments,
            source: messages.source,
          })
          .from(messages)
          .leftJoin(author, eq(author.id, messages.authorId))
          .where(and(eq(messages.userId, userId), after ? keysetAfter(messages, after) : undefined))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(PAGE_SIZE),
      async (row) => {
        summary.messages[row.fromAgency ? "fromAgency" : "fromYou"] += 1;
        summary.messages.attachments += row.attachments.length;
        return {
          from: row.fromAgency ? "agency" : "you",
          author: row.fromAgency ? row.authorName : null,
          text: row.body,
          via: row.source,
          sentAt: iso(row.createdAt),
          attachments: row.attachments.map((file) => ({
            name: file.name,
            size: file.size,
            contentType: file.contentType,
            file: fileAt(file.url, FOLDERS.messages, file.name),
          })),
        };
      },
      advance,
    ),
  );

  const rounds = await db
    .select()
    .from(reviewRounds)
    .where(eq(reviewRounds.userId, userId))
    .orderBy(asc(reviewRounds.createdAt));
  await out.field(
    "approvalRounds",
    rounds.map((round) => ({
      ...service(round.service),
      version: round.version,
      title: round.title,
      message: round.message,
      link: round.link,
      files: round.files.map((file) => ({
        name: file.name,
        size: file.size,
        contentType: file.contentType,
        file: fileAt(file.url, FOLDERS.approvals, file.name),
      })),
      sentAt: iso(round.createdAt),
      decision: round.decision,
      comment: round.comment,
      decidedAt: iso(round.decidedAt),
    })),
  );
  summary.approvalRounds = rounds.map((round) => ({
    service: round.service,
    version: round.version,
    title: round.title,
    sentAt: iso(round.createdAt),
    decision: round.decision,
    files: round.files.length,
  }));
  await advance(1);

  const delivered = await db
    .select()
    .from(deliveredFiles)
    .where(eq(deliveredFiles.userId, userId))
    .orderBy(asc(deliveredFiles.createdAt));
  const deliveredList = delivered.map((row) => ({
    ...service(row.service),
    name: row.name,
    size: row.size,
    deliveredAt: iso(row.createdAt),
    file: fileAt(row.fileUrl, FOLDERS.delivered, row.name),
  }));
  await out.field("deliveredFiles", deliveredList);
  summary.deliveredFiles = deliveredList;
  await advance(1);

  const credentials = await db
    .select()
    .from(websiteCredentials)
    .where(eq(websiteCredentials.userId, userId))
    .orderBy(asc(websiteCredentials.createdAt));
  await out.field(
    "credentials",
    credentials.map((row) => ({
      type: row.credentialType,
      title: row.title,
      websiteLink: row.websiteLink,
      username: row.username,
      ...secretFields(
        secrets,
        withSecrets,
        Object.fromEntries(CREDENTIAL_SECRET_FIELDS.map((field) => [field, row[field]])),
      ),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
  );
  // How many secrets each holds, never their values: the summary is read, printed and shared more than data.json.
  summary.credentials = credentials.map((row) => ({
    type: row.credentialType,
    title: row.title,
    websiteLink: row.websiteLink,
    username: row.username,
    storedSecrets: CREDENTIAL_SECRET_FIELDS.filter((field) => row[field] !== null && row[field] !== "").length,
  }));
  await advance(1);

  // The quote requests the account was made from: what they sent the agency (the team's own notes stay out, as the
  // admins' notes about a customer do).
  const enquiries = await db.select().from(leads).where(eq(leads.customerId, userId)).orderBy(asc(leads.createdAt));
  const sent = enquiries.length
    ? await db
        .select({
          leadId: leadEvents.leadId,
          kind: leadEvents.kind,
          detail: leadEvents.detail,
          at: leadEvents.createdAt,
        })
        .from(leadEvents)
        .where(
          and(
            inArray(
              leadEvents.leadId,
              enquiries.map((lead) => lead.id),
            ),
            inArray(leadEvents.kind, ["received", "message"]),
          ),
        )
        .orderBy(asc(leadEvents.createdAt))
    : [];
  await out.field(
    "enquiries",
    enquiries.map((lead) => ({
      name: lead.name,
      businessName: lead.businessName,
      email: lead.email,
      phone: lead.phone,
      industry: lead.industry,
      wants: lead.wants,
      city: lead.city,
      state: lead.state,
      contactPreference: lead.contactPreference,
      language: lead.language,
      consentedAt: iso(lead.consentedAt),
      source: lead.source,
      createdAt: iso(lead.createdAt),
      messages: sent
        .filter((event) => event.leadId === lead.id)
        .map((event) => ({ kind: event.kind, detail: event.detail, createdAt: iso(event.at) })),
    })),
  );
  await advance(1);
  summary.files = collect.files.map((file) => file.path);
  return summary;
}

/**
 * Secret columns as data.json shows them: decrypted with the password confirmed; otherwise only which of them are
 * stored (`storedSecrets`), so the customer knows what a confirmed export would add. A value that does not open is
 * named in `unreadableSecrets` rather than failing the whole export.
 */
function secretFields(
  secrets: Secrets,
  withSecrets: boolean,
  stored: Record<string, string | null>,
): Record<string, unknown> {
  const set = Object.entries(stored).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== "");
  if (!withSecrets) return { storedSecrets: set.map(([name]) => name) };
  const values: Record<string, string | null> = Object.fromEntries(Object.keys(stored).map((name) => [name, null]));
  const unreadable: string[] = [];
  for (const [name, value] of set) {
    try {
      values[name] = secrets.decrypt(value);
    } catch (error) {
      console.error(`Data export: a stored ${name} could not be decrypted: ${(error as Error).message}`);
      unreadable.push(name);
    }
  }
  return unreadable.length ? { ...values, unreadableSecrets: unreadable } : values;
}

/** The stored file a `/files/<bucket>/<key>` path names, or null (another address, an exports key, an unsafe key). */
function storedFile(url: string | null | undefined): { bucket: Bucket; key: string } | null {
  const match = url ? /^\/files\/([^/]+)\/(.+)$/.exec(url) : null;
  if (!match) return null;
  const [, bucket, key] = match;
  return isBucket(bucket) && bucket !== EXPORTS_BUCKET && isSafeKey(key!) ? { bucket, key: key! } : null;
}

interface Keyset {
  id: string;
}

/**
 * Rows after the last one read, in (created_at, id) order: each page starts where the previous ended. The last row's
 * time is read again by the database, not sent back from JavaScript, whose dates drop the microseconds.
 */
function keysetAfter(table: typeof messages | typeof notifications, after: Keyset) {
  return sql`(${table.createdAt}, ${table.id}) > (select ${sql.identifier("created_at")}, ${sql.identifier("id")} from ${table} where ${sql.identifier("id")} = ${after.id})`;
}

/** A long list read a page at a time and mapped row by row; `advance` counts each page's rows done. */
async function* mapPages<Row extends Keyset, Out>(
  page: (after: Keyset | null) => Promise<Row[]>,
  map: (row: Row) => Promise<Out>,
  advance: (units: number) => Promise<void>,
): AsyncIterable<Out> {
  let after: Keyset | null = null;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) yield await map(row);
    if (rows.length > 0) await advance(rows.length);
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1]!;
  }
}
