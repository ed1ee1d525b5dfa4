import { and, eq, getTableColumns, getTableName, sql } from "drizzle-orm";
import { googleBusinessInfo, payments, profiles, websiteInfo } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { ServiceType } from "~/domain/service-catalog";
import type { Storage } from "~/lib/storage/storage.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import {
  deleteUpload,
  prepareUploads,
  storeUploads,
  type PreparedUpload,
  type StoredUpload,
} from "~/lib/storage/uploads.server";
import { UPLOAD_KINDS, type UploadKind } from "~/domain/upload-kinds";
import { requireActor } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";

/**
 * The information kit's save pipeline, which the Google Business and the website forms both run: the payment
 * gate, the files checked before anything is stored and stored before the transaction, the upsert with the
 * admins' notification and, on a first save, the progress step, then the replaced files removed and the changes
 * published. Each service is a small specification of it (save-google-business-info, save-website-info).
 */

/** The customer saving a service's information: signed in (401), with the service's first payment completed (403). */
export async function payingCustomer(db: Executor, actor: Actor | null, service: ServiceType): Promise<string> {
  const { id: userId } = requireActor(actor);
  await requireCompletedPayment(db, userId, service);
  return userId;
}

/** The page's gate, on the server: the service's first payment must be completed (403 otherwise). */
async function requireCompletedPayment(db: Executor, userId: string, service: ServiceType): Promise<void> {
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.serviceType, service),
        eq(payments.paymentNumber, 1),
        eq(payments.status, "completed"),
      ),
    )
    .limit(1);
  if (!paid) throw new AppError("payment_required");
}

/** The files sent in a form field that hold something (an empty file input sends an empty file). */
export function sentFiles(values: readonly unknown[]): Blob[] {
  return values.filter((value): value is Blob => value instanceof Blob && value.size > 0);
}

/** A single-file field (a logo, a founder photo): at most one file, checked before anything is stored. */
export async function prepareOne(kind: UploadKind, value: unknown): Promise<PreparedUpload[]> {
  const files = sentFiles(value === undefined ? [] : [value]);
  if (files.length > 1) throw new AppError("upload_too_many", { message: UPLOAD_KINDS[kind].messages.tooMany });
  return prepareOptional(kind, files);
}

/** Checks (and strips) files of a kind before anything is stored; none gives none. */
export async function prepareOptional(
  kind: UploadKind,
  files: readonly Blob[],
  alreadyStored = 0,
): Promise<PreparedUpload[]> {
  return files.length === 0 ? [] : prepareUploads(kind, files, { alreadyStored });
}

/**
 * Stores prepared files (none: `work([])`) and runs `work`; a storage failure is 'Failed to upload file'.
 * As with storeUploads, a failing `work` removes what this call stored.
 */
async function storeOptional<T>(
  storage: Storage,
  kind: UploadKind,
  ownerId: string,
  prepared: readonly PreparedUpload[],
  work: (stored: StoredUpload[]) => Promise<T>,
): Promise<T> {
  if (prepared.length === 0) return work([]);
  let working = false;
  try {
    return await storeUploads(storage, kind, ownerId, prepared, (stored) => {
      working = true;
      return work(stored);
    });
  } catch (error) {
    if (!working && !(error instanceof AppError)) {
      console.error("Could not store an upload:", error);
      throw new AppError("upload_failed");
    }
    throw error;
  }
}

/** Removes files a save replaced or dropped, after its commit; a failure is logged, the save stands. */
async function removeFiles(
  storage: Storage,
  kind: UploadKind,
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  for (const url of urls) {
    const key = url ? keyFromFileUrl(kind, url) : null;
    if (!key) continue;
    await deleteUpload(storage, kind, key).catch((error: unknown) =>
      console.error(`Could not remove a replaced file (${kind}):`, error),
    );
  }
}

/** Who submitted: the customer's name and company, for the admins' notification. */
async function submitterOf(
  executor: Executor,
  userId: string,
): Promise<{ fullName: string; companyName: string | null }> {
  const [profile] = await executor
    .select({ fullName: profiles.fullName, companyName: profiles.companyName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { fullName: profile?.fullName ?? "", companyName: profile?.companyName ?? null };
}

/**
 * Marks the information step of a service's progress done on the first save. It runs in a savepoint: a
 * failure is logged and rolled back alone, and the save goes on (spec: progress-record errors are only logged).
 */
async function markInformationReceived(
  executor: Executor,
  userId: string,
  step:
    | { service: "google_business"; key: "informationCollection" }
    | { service: "website"; key: "clientInfoReceived" },
): Promise<Change[]> {
  try {
    return await executor.transaction(async (savepoint) => {
      const result =
        step.service === "google_business"
          ? await setProgressStep(savepoint, {
              userId,
              service: "google_business",
              step: step.key,
              done: true,
              auto: "information",
            })
          : await setProgressStep(savepoint, {
              userId,
              service: "website",
              step: step.key,
              done: true,
              auto: "information",
            });
      return result.changes;
    });
  } catch (error) {
    console.error(`Could not mark the ${step.service} information step done:`, error);
    return [];
  }
}

/** One of a service's notifications to the admins: its type (the words come from it, see notification-texts.ts). */
interface InformationNotice {
  type: "google_business_submitted" | "google_business_updated" | "website_submitted" | "website_updated";
}

type InformationTable = typeof googleBusinessInfo | typeof websiteInfo;

/** What a service's information is, for the pipeline: its table, the progress step a first save marks, its notices. */
export interface InformationSpec<Table extends InformationTable> {
  table: Table;
  step:
    | { service: "google_business"; key: "informationCollection" }
    | { service: "website"; key: "clientInfoReceived" };
  submitted: InformationNotice;
  updated: InformationNotice;
}

/** Files of one upload kind a save sends, already checked (`prepareOptional`). */
export interface FileSlot {
  kind: UploadKind;
  prepared: PreparedUpload[];
  /** The saved files this save replaces or drops, removed after the commit. */
  replaced: readonly (string | null | undefined)[];
}

/**
 * Saves a customer's information (one row per customer, upserted) behind a completed first payment. `values`
 * gets the stored files of each slot, in order, and gives the row's columns; `alsoWrite` runs in the same
 * transaction (the website's Domain and Hosting credentials). The first save (the statement inserted the row,
 * even against a racing one) tells the admins `submitted` and marks the progress step; a later one `updated`.
 */
export async function saveInformation<Table extends InformationTable, Result>(
  { db, bus, storage }: Pick<Deps, "db" | "bus" | "storage">,
  userId: string,
  spec: InformationSpec<Table>,
  slots: readonly FileSlot[],
  write: {
    values: (stored: StoredUpload[][]) => Omit<Table["$inferInsert"], "userId">;
    alsoWrite?: (tx: Executor) => Promise<Change[]>;
    result: (tx: Executor, row: Table["$inferSelect"]) => Promise<Result> | Result;
  },
): Promise<Result> {
  const { result, changes } = await storeSlots(storage, userId, slots, [], (stored) =>
    db.transaction(async (tx) => {
      const values = write.values(stored);
      // Drizzle cannot type an insert into a union of tables; both have the user id key and `updated_at`.
      const table = spec.table as typeof googleBusinessInfo;
      const [written] = await tx
        .insert(table)
        .values({ userId, ...(values as object) } as typeof googleBusinessInfo.$inferInsert)
        .onConflictDoUpdate({ target: table.userId, set: { ...(values as object), updatedAt: new Date() } })
        // xmax = 0: this statement inserted the row, so this is the first save (even against a racing one).
        .returning({ ...getTableColumns(table), inserted: sql<boolean>`(xmax = 0)` });
      if (!written) throw new AppError("not_saved");
      const { inserted: first, ...row } = written;
      const extra = (await write.alsoWrite?.(tx)) ?? [];
      const notice = first ? spec.submitted : spec.updated;
      const submitter = await submitterOf(tx, userId);
      const notified = await notify(tx, {
        to: { admins: "newSubmission", except: userId, about: userId },
        type: notice.type,
        data: { customerId: userId, ...submitter },
      });
      const progress = first ? await markInformationReceived(tx, userId, spec.step) : [];
      return {
        result: await write.result(tx, row as Table["$inferSelect"]),
        changes: [{ table: getTableName(spec.table), userId }, ...extra, ...notified, ...progress],
      };
    }),
  );
  for (const slot of slots) await removeFiles(storage, slot.kind, slot.replaced);
  await publishChanges(bus, changes);
  return result;
}

/** Stores each slot's files in turn, then runs `work` with all of them; a failure removes what was stored. */
function storeSlots<T>(
  storage: Storage,
  userId: string,
  slots: readonly FileSlot[],
  stored: StoredUpload[][],
  work: (stored: StoredUpload[][]) => Promise<T>,
): Promise<T> {
  const [slot, ...rest] = slots;
  if (!slot) return work(stored);
  return storeOptional(storage, slot.kind, userId, slot.prepared, (files) =>
    storeSlots(storage, userId, rest, [...stored, files], work),
  );
}
