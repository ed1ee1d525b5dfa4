import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { websiteCredentials, websiteInfo } from "~db/schema";
import {
  markInformationReceived,
  notifyAdmins,
  prepareOptional,
  removeFiles,
  requireCompletedPayment,
  sentFiles,
  storeOptional,
  submitterLabel,
  submitterOf,
} from "~/features/business-info/information-support.server";
import { requireActor } from "~/lib/actor-guards";
import type { Db, Executor } from "~/lib/db.server";
import { publishChanges, type ChangeBus } from "~/lib/realtime.server";
import { encryptSecret, type Secrets } from "~/lib/secrets.server";
import type { Actor } from "~/lib/session";
import type { Storage } from "~/lib/storage.server";
import { UPLOAD_KINDS } from "~/lib/uploads";
import { websiteAccess } from "./get-website-info.server";
import { websiteInfoFormSchema, type WebsiteInfoFormInput } from "./website-info.schemas";
import { toWebsiteInfoView, type WebsiteInfoView } from "./website-info-views";
import { AppError } from "~/lib/http/app-error";

export interface SaveWebsiteInfoDeps {
  db: Db;
  bus: ChangeBus;
  storage: Storage;
  secrets: Secrets;
}

export interface SaveWebsiteInfoInput {
  fields: WebsiteInfoFormInput;
  /** A new logo / founder photo replaces the saved one; an empty file or nothing keeps it. */
  logo?: unknown;
  founderPhoto?: unknown;
}

/** The admins' notifications of a first save and of a later one, in each admin's language. */
export const WEBSITE_NOTIFICATIONS = {
  submitted: {
    type: "website_submitted",
    text: (i18n: I18n, who: string) => ({
      title: i18n._(msg`Website Information Submitted`),
      message: i18n._(msg`${who} submitted their website information`),
    }),
  },
  updated: {
    type: "website_updated",
    text: (i18n: I18n, who: string) => ({
      title: i18n._(msg`Website Information Updated`),
      message: i18n._(msg`${who} updated their website information`),
    }),
  },
} as const;

const CREDENTIAL_TITLES = { domain: "Domain", hosting: "Hosting" } as const;

/**
 * Writes a Domain or Hosting credential from the website form: the username, and the password encrypted
 * (an empty password keeps the stored one). Only when its box is ticked and something was given; an
 * unticked box leaves the credential as it is (the Credentials page owns it).
 */
async function writeAccess(
  tx: Executor,
  secrets: Secrets,
  userId: string,
  type: "domain" | "hosting",
  access: { provider: string | null; username: string | null; password: string | null },
): Promise<boolean> {
  if (!access.username && !access.password) return false;
  const set = {
    ...(access.provider ? { title: access.provider } : {}),
    ...(access.username ? { username: access.username } : {}),
    ...(access.password ? { password: encryptSecret(secrets, access.password) } : {}),
  };
  await tx
    .insert(websiteCredentials)
    .values({ userId, credentialType: type, title: CREDENTIAL_TITLES[type], ...set })
    .onConflictDoUpdate({
      target: [websiteCredentials.userId, websiteCredentials.credentialType],
      set: { ...set, updatedAt: new Date() },
    });
  return true;
}

/**
 * Saves the signed-in customer's website information (one record per customer), once payment 1 is
 * completed. Domain and hosting usernames and passwords go to the customer's Domain and Hosting
 * credentials (passwords encrypted), never to website_info. A new logo or founder photo replaces the saved
 * one (the old file is removed after the commit); the founder photo is its own file, never the avatar.
 * The first save notifies every admin (`website_submitted`) and marks 'Client Information Received' done;
 * later saves notify `website_updated`.
 */
export async function saveWebsiteInfo(
  deps: SaveWebsiteInfoDeps,
  actor: Actor | null,
  input: SaveWebsiteInfoInput,
): Promise<WebsiteInfoView> {
  const { db, bus, storage, secrets } = deps;
  const { id: userId } = requireActor(actor);
  await requireCompletedPayment(db, userId, "website");

  const parsed = websiteInfoFormSchema.safeParse(input.fields);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { domainUsername, domainPassword, hostingUsername, hostingPassword, ...fields } = parsed.data;
  const [existing] = await db.select().from(websiteInfo).where(eq(websiteInfo.userId, userId));

  const one = (kind: "website-logo" | "founder-photo", value: unknown) => {
    const files = sentFiles(value === undefined ? [] : [value]);
    if (files.length > 1) throw new AppError("upload_too_many", { message: UPLOAD_KINDS[kind].messages.tooMany });
    return prepareOptional(kind, files);
  };
  const logo = await one("website-logo", input.logo);
  const founder = await one("founder-photo", input.founderPhoto);

  const { row, changes } = await storeOptional(storage, "website-logo", userId, logo, (storedLogo) =>
    storeOptional(storage, "founder-photo", userId, founder, (storedFounder) =>
      db.transaction(async (tx) => {
        const values = {
          ...fields,
          logoUrl: storedLogo[0]?.url ?? existing?.logoUrl ?? null,
          founderPhotoUrl: storedFounder[0]?.url ?? existing?.founderPhotoUrl ?? null,
        };
        const [written] = await tx
          .insert(websiteInfo)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: websiteInfo.userId, set: { ...values, updatedAt: new Date() } })
          // xmax = 0: this statement inserted the row, so this is the first save (even against a racing one).
          .returning({ ...getTableColumns(websiteInfo), inserted: sql<boolean>`(xmax = 0)` });
        if (!written) throw new AppError("not_saved");
        const { inserted: first, ...row } = written;

        const wroteDomain = fields.hasDomain
          ? await writeAccess(tx, secrets, userId, "domain", {
              provider: fields.domainProvider,
              username: domainUsername,
              password: domainPassword,
            })
          : false;
        const wroteHosting = fields.hasHosting
          ? await writeAccess(tx, secrets, userId, "hosting", {
              provider: fields.hostingProvider,
              username: hostingUsername,
              password: hostingPassword,
            })
          : false;

        const notice = first ? WEBSITE_NOTIFICATIONS.submitted : WEBSITE_NOTIFICATIONS.updated;
        const submitter = await submitterOf(tx, userId);
        const notified = await notifyAdmins(
          tx,
          { type: notice.type, text: (i18n) => notice.text(i18n, submitterLabel(i18n, submitter)) },
          userId,
        );
        const progress = first
          ? await markInformationReceived(tx, userId, { service: "website", key: "clientInfoReceived" })
          : [];
        const access = await websiteAccess(tx, userId);
        return {
          row: toWebsiteInfoView(row, access),
          changes: [
            { table: "website_info", userId },
            ...(wroteDomain || wroteHosting ? [{ table: "website_credentials", userId }] : []),
            ...notified,
            ...progress,
          ],
        };
      }),
    ),
  );

  await removeFiles(storage, "website-logo", logo.length > 0 ? [existing?.logoUrl] : []);
  await removeFiles(storage, "founder-photo", founder.length > 0 ? [existing?.founderPhotoUrl] : []);
  await publishChanges(bus, changes);
  return row;
}
