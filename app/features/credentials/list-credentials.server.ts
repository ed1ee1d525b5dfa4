import { eq } from "drizzle-orm";
import { z } from "zod";
import { googleBusinessInfo, profiles, websiteCredentials, websiteInfo } from "~db/schema";
import { mayWorkOn, requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { maskCredentialSecrets } from "./credential-secrets";
import type { CredentialCardView, CredentialsView } from "./credential-views";
import { CREDENTIAL_CARDS, type CredentialType } from "./credentials.schemas";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/**
 * A customer's three credential cards, secrets masked, for the customer themself or an admin; anyone else
 * gets 404. A card with no saved title shows the provider the website form recorded (website_info), so the
 * Domain and Hosting cards show what that form collected; the Google Business card with no Gmail address of its own
 * shows the one given in the Google Business form, marked as coming from there.
 */
export async function listCredentials(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<CredentialsView> {
  const viewer = requireActor(actor);
  if (!z.uuid().safeParse(userId).success || !mayWorkOn(viewer, userId)) throw new AppError("credentials_not_found");
  const [rows, info, google, profile] = await Promise.all([
    db.select().from(websiteCredentials).where(eq(websiteCredentials.userId, userId)),
    db
      .select({ domainProvider: websiteInfo.domainProvider, hostingProvider: websiteInfo.hostingProvider })
      .from(websiteInfo)
      .where(eq(websiteInfo.userId, userId)),
    db
      .select({ gmailEmail: googleBusinessInfo.gmailEmail })
      .from(googleBusinessInfo)
      .where(eq(googleBusinessInfo.userId, userId)),
    db
      .select({ acknowledgedAt: profiles.credentialsWarningAcknowledgedAt })
      .from(profiles)
      .where(eq(profiles.id, userId)),
  ]);
  const providers: Partial<Record<CredentialType, string | null>> = {
    domain: info[0]?.domainProvider,
    hosting: info[0]?.hostingProvider,
  };
  const formGmail = google[0]?.gmailEmail ?? "";
  const cards = CREDENTIAL_CARDS.map(({ type }): CredentialCardView => {
    const row = rows.find((candidate) => candidate.credentialType === type);
    const gmailFromForm = type === "website" && !row?.websiteLink && formGmail !== "";
    return {
      type,
      id: row?.id ?? null,
      title: row?.title ?? providers[type] ?? "",
      websiteLink: gmailFromForm ? formGmail : (row?.websiteLink ?? ""),
      websiteLinkFromForm: gmailFromForm,
      username: row?.username ?? "",
      secrets: maskCredentialSecrets(row ?? { password: null, pin: null, details: null }),
      version: row ? `${row.id}:${row.updatedAt.getTime()}` : "none",
    };
  });
  return { cards, warningAcknowledged: Boolean(profile[0]?.acknowledgedAt) };
}
