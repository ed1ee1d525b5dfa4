import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { googleBusinessInfo } from "~db/schema";
import { requireActor } from "~/lib/actor-guards";
import type { Db } from "~/lib/db.server";
import { publishChanges, type ChangeBus } from "~/lib/realtime.server";
import { encryptSecret, type Secrets } from "~/lib/secrets.server";
import type { Actor } from "~/lib/session";
import type { Storage } from "~/lib/storage.server";
import { UPLOAD_KINDS } from "~/lib/uploads";
import { googleBusinessFormSchema, type GoogleBusinessFormInput } from "./google-business.schemas";
import { toGoogleBusinessInfoView, type GoogleBusinessInfoView } from "./google-business-views";
import { markInformationReceived, notifyAdmins, prepareOptional, removeFiles, requireCompletedPayment, sentFiles, storeOptional, submitterLabel, submitterOf } from "./information-support.server";
import { AppError } from "~/lib/http/app-error";

export interface SaveGoogleBusinessInfoDeps {
  db: Db;
  bus: ChangeBus;
  storage: Storage;
  secrets: Secrets;
}

export interface SaveGoogleBusinessInfoInput {
  /** The form's fields, as sent (validated again here). */
  fields: GoogleBusinessFormInput;
  /** A new logo (replaces the saved one); an empty file or nothing keeps it. */
  logo?: unknown;
  /** New photos, added to the saved ones the form keeps (`fields.keepPhotos`). */
  photos?: readonly unknown[];
}

/** The admins' notifications of a first save and of a later one, in each admin's language. */
export const GOOGLE_NOTIFICATIONS = {
  submitted: {
    type: "google_business_submitted",
    text: (i18n: I18n, who: string) => ({
      title: i18n._(msg`Google Business Information Submitted`),
      message: i18n._(msg`${who} submitted their Google Business information`),
    }),
  },
  updated: {
    type: "google_business_updated",
    text: (i18n: I18n, who: string) => ({
      title: i18n._(msg`Google Business Information Updated`),
      message: i18n._(msg`${who} updated their Google Business information`),
    }),
  },
} as const;

/**
 * Saves the signed-in customer's Google Business information (one record per customer, upserted), once
 * its payment is completed. The Gmail password is stored encrypted (an empty field keeps the saved one);
 * kept photos must be ones already saved for this customer (a reference to anything else is refused);
 * saved plus new photos are at most 6. Files are checked before anything is stored, stored before the
 * transaction and removed if it fails; replaced or dropped files are removed after the commit. The first
 * save notifies every admin (`google_business_submitted`) and marks 'Information Collection' done; later
 * saves notify `google_business_updated`.
 */
export async function saveGoogleBusinessInfo(
  deps: SaveGoogleBusinessInfoDeps,
  actor: Actor | null,
  input: SaveGoogleBusinessInfoInput,
): Promise<GoogleBusinessInfoView> {
  const { db, bus, storage, secrets } = deps;
  const { id: userId } = requireActor(actor);
  await requireCompletedPayment(db, userId, "google_business");

  const [existing] = await db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, userId));
  const parsed = googleBusinessFormSchema({ passwordSaved: Boolean(existing?.gmailPassword) }).safeParse(input.fields);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { keepPhotos, gmailPassword, ...fields } = parsed.data;

  const saved = existing?.photoUrls ?? [];
  const kept = [...new Set(keepPhotos)];
  if (kept.some((url) => !saved.includes(url))) throw new AppError("kept_photo_unknown");

  const logoFiles = sentFiles(input.logo === undefined ? [] : [input.logo]);
  if (logoFiles.length > 1) throw new AppError("upload_too_many", { message: UPLOAD_KINDS["google-logo"].messages.tooMany });
  const logo = await prepareOptional("google-logo", logoFiles);
  const photos = await prepareOptional("google-photo", sentFiles(input.photos ?? []), kept.length);

  const { row, changes } = await storeOptional(storage, "google-logo", userId, logo, (storedLogo) =>
    storeOptional(storage, "google-photo", userId, photos, (storedPhotos) =>
      db.transaction(async (tx) => {
        const values = {
          ...fields,
          gmailPassword: gmailPassword ? encryptSecret(secrets, gmailPassword) : (existing?.gmailPassword ?? null),
          logoUrl: storedLogo[0]?.url ?? existing?.logoUrl ?? null,
          photoUrls: [...kept, ...storedPhotos.map((photo) => photo.url)],
        };
        const [written] = await tx
          .insert(googleBusinessInfo)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: googleBusinessInfo.userId, set: { ...values, updatedAt: new Date() } })
          // xmax = 0: this statement inserted the row, so this is the first save (even against a racing one).
          .returning({ ...getTableColumns(googleBusinessInfo), inserted: sql<boolean>`(xmax = 0)` });
        if (!written) throw new AppError("not_saved");
        const { inserted: first, ...row } = written;
        const notice = first ? GOOGLE_NOTIFICATIONS.submitted : GOOGLE_NOTIFICATIONS.updated;
        const submitter = await submitterOf(tx, userId);
        const notified = await notifyAdmins(
          tx,
          { type: notice.type, text: (i18n) => notice.text(i18n, submitterLabel(i18n, submitter)) },
          userId,
        );
        const progress = first
          ? await markInformationReceived(tx, userId, { service: "google_business", key: "informationCollection" })
          : [];
        return { row, changes: [{ table: "google_business_info", userId }, ...notified, ...progress] };
      }),
    ),
  );

  await removeFiles(storage, "google-logo", logo.length > 0 ? [existing?.logoUrl] : []);
  await removeFiles(
    storage,
    "google-photo",
    saved.filter((url) => !kept.includes(url)),
  );
  await publishChanges(bus, changes);
  return toGoogleBusinessInfoView(row);
}
