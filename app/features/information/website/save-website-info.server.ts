import { eq } from "drizzle-orm";
import { websiteCredentials, websiteInfo } from "~db/schema";
import {
  prepareOne,
  payingCustomer,
  saveInformation,
  type InformationSpec,
} from "~/features/information/save-information.server";
import type { Executor } from "~/lib/db/db.server";
import { encryptSecret, type Secrets } from "~/lib/secrets/secrets.server";
import type { Actor } from "~/lib/auth/session";
import { websiteAccess } from "./get-website-info.server";
import { websiteInfoFormSchema, type WebsiteInfoFormInput } from "./website-info.schemas";
import { toWebsiteInfoView, type WebsiteInfoView } from "./website-info-views";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

export interface SaveWebsiteInfoInput {
  fields: WebsiteInfoFormInput;
  /** A new logo / founder photo replaces the saved one; an empty file or nothing keeps it. */
  logo?: unknown;
  founderPhoto?: unknown;
}

/** The website information, as the information kit's save pipeline runs it. */
const WEBSITE_INFORMATION: InformationSpec<typeof websiteInfo> = {
  table: websiteInfo,
  step: { service: "website", key: "clientInfoReceived" },
  submitted: { type: "website_submitted" },
  updated: { type: "website_updated" },
};

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
  deps: Pick<Deps, "db" | "bus" | "storage" | "secrets">,
  actor: Actor | null,
  input: SaveWebsiteInfoInput,
): Promise<WebsiteInfoView> {
  const userId = await payingCustomer(deps.db, actor, "website");

  const parsed = websiteInfoFormSchema.safeParse(input.fields);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { domainUsername, domainPassword, hostingUsername, hostingPassword, ...fields } = parsed.data;
  const [existing] = await deps.db.select().from(websiteInfo).where(eq(websiteInfo.userId, userId));
  const logo = await prepareOne("website-logo", input.logo);
  const founder = await prepareOne("founder-photo", input.founderPhoto);

  return saveInformation(
    deps,
    userId,
    WEBSITE_INFORMATION,
    [
      { kind: "website-logo", prepared: logo, replaced: logo.length > 0 ? [existing?.logoUrl] : [] },
      { kind: "founder-photo", prepared: founder, replaced: founder.length > 0 ? [existing?.founderPhotoUrl] : [] },
    ],
    {
      values: ([storedLogo = [], storedFounder = []]) => ({
        ...fields,
        logoUrl: storedLogo[0]?.url ?? existing?.logoUrl ?? null,
        founderPhotoUrl: storedFounder[0]?.url ?? existing?.founderPhotoUrl ?? null,
      }),
      alsoWrite: async (tx) => {
        const domain = { provider: fields.domainProvider, username: domainUsername, password: domainPassword };
        const hosting = { provider: fields.hostingProvider, username: hostingUsername, password: hostingPassword };
        const wroteDomain = fields.hasDomain && (await writeAccess(tx, deps.secrets, userId, "domain", domain));
        const wroteHosting = fields.hasHosting && (await writeAccess(tx, deps.secrets, userId, "hosting", hosting));
        return wroteDomain || wroteHosting ? [{ table: "website_credentials", userId }] : [];
      },
      result: async (tx, row) => toWebsiteInfoView(row, await websiteAccess(tx, userId)),
    },
  );
}
