import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, eq } from "drizzle-orm";
import type { Localized } from "~/lib/i18n/localized-text";
import { payments, profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import type { Executor } from "~/lib/db.server";
import type { Change } from "~/lib/realtime";
import type { ServiceType } from "~/lib/service-catalog";
import type { Storage } from "~/lib/storage.server";
import { keyFromFileUrl } from "~/lib/stored-files";
import { deleteUpload, prepareUploads, storeUploads, type PreparedUpload, type StoredUpload } from "~/lib/uploads.server";
import type { UploadKind } from "~/lib/uploads";
import { AppError } from "~/lib/http/app-error";

/** Shared by the Google Business and website saves: the payment gate, files, notifications, progress. */

export const PAYMENT_REQUIRED = "Payment required to continue";
export const UPLOAD_FAILED = "Failed to upload file";
export const INVALID_FILE_REFERENCE = "A photo you kept is not one of your saved photos";

/** The page's gate, on the server: the service's first payment must be completed (403 otherwise). */
export async function requireCompletedPayment(db: Executor, userId: string, service: ServiceType): Promise<void> {
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

/** Checks (and strips) files of a kind before anything is stored; none gives none. */
export async function prepareOptional(kind: UploadKind, files: readonly Blob[], alreadyStored = 0): Promise<PreparedUpload[]> {
  return files.length === 0 ? [] : prepareUploads(kind, files, { alreadyStored });
}

/**
 * Stores prepared files (none: `work([])`) and runs `work`; a storage failure is 'Failed to upload file'.
 * As with storeUploads, a failing `work` removes what this call stored.
 */
export async function storeOptional<T>(
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
export async function removeFiles(storage: Storage, kind: UploadKind, urls: readonly (string | null | undefined)[]): Promise<void> {
  for (const url of urls) {
    const key = url ? keyFromFileUrl(kind, url) : null;
    if (!key) continue;
    await deleteUpload(storage, kind, key).catch((error: unknown) =>
      console.error(`Could not remove a replaced file (${kind}):`, error),
    );
  }
}

/** Who submitted: the customer's name and company, for the admins' notification (`submitterLabel`). */
export async function submitterOf(executor: Executor, userId: string): Promise<{ fullName: string; companyName: string | null }> {
  const [profile] = await executor
    .select({ fullName: profiles.fullName, companyName: profiles.companyName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { fullName: profile?.fullName ?? "", companyName: profile?.companyName ?? null };
}

/** "{full name} from {company}" (or the name alone without a company), as the admins' notification says, in the admin's language. */
export function submitterLabel(i18n: I18n, submitter: { fullName: string; companyName: string | null }): string {
  const name = submitter.fullName.trim() || i18n._(msg`A customer`);
  const company = submitter.companyName?.trim();
  return company ? i18n._(msg`${name} from ${company}`) : name;
}

/**
 * Tells every admin (but the customer, should they be one) that the information was submitted or updated (each
 * in their own language),
 * when the settings' Push Notifications and New submission received are on.
 */
export async function notifyAdmins(
  executor: Executor,
  notification: { type: string; text: Localized<{ title: string; message: string }> },
  customerId: string,
): Promise<Change[]> {
  return notify(executor, { to: { admins: "newSubmission", except: customerId }, ...notification });
}

/**
 * Marks the information step of a service's progress done on the first save. It runs in a savepoint: a
 * failure is logged and rolled back alone, and the save goes on (spec: progress-record errors are only logged).
 */
export async function markInformationReceived(
  executor: Executor,
  userId: string,
  step: { service: "google_business"; key: "informationCollection" } | { service: "website"; key: "clientInfoReceived" },
): Promise<Change[]> {
  try {
    return await executor.transaction(async (savepoint) => {
      const result =
        step.service === "google_business"
          ? await setProgressStep(savepoint, { userId, service: "google_business", step: step.key, done: true })
          : await setProgressStep(savepoint, { userId, service: "website", step: step.key, done: true });
      return result.changes;
    });
  } catch (error) {
    console.error(`Could not mark the ${step.service} information step done:`, error);
    return [];
  }
}
