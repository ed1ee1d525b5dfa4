import { and, eq, inArray } from "drizzle-orm";
import { websiteCredentials, websiteInfo } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import { maskSecret } from "~/lib/secrets/secrets";
import type { Actor } from "~/lib/auth/session";
import { toWebsiteInfoView, type WebsiteAccessView, type WebsiteInfoView } from "./website-info-views";
import { readableInformationOwner } from "~/features/information/read-information.server";
import type { Deps } from "~/lib/services.server";

/** The Domain and Hosting credentials' usernames and (masked) passwords of a customer. */
export async function websiteAccess(
  db: Executor,
  userId: string,
): Promise<{ domain: WebsiteAccessView; hosting: WebsiteAccessView; ids: { domain?: string; hosting?: string } }> {
  const rows = await db
    .select({
      id: websiteCredentials.id,
      type: websiteCredentials.credentialType,
      username: websiteCredentials.username,
      password: websiteCredentials.password,
    })
    .from(websiteCredentials)
    .where(
      and(eq(websiteCredentials.userId, userId), inArray(websiteCredentials.credentialType, ["domain", "hosting"])),
    );
  const view = (type: string): WebsiteAccessView => {
    const row = rows.find((candidate) => candidate.type === type);
    return { username: row?.username ?? null, password: maskSecret(row?.password) };
  };
  return {
    domain: view("domain"),
    hosting: view("hosting"),
    ids: {
      domain: rows.find((row) => row.type === "domain")?.id,
      hosting: rows.find((row) => row.type === "hosting")?.id,
    },
  };
}

/**
 * A customer's saved website information (null when nothing was saved) with the Domain and Hosting
 * usernames and masked passwords, for that customer or an admin; anyone else gets 404.
 */
export async function getWebsiteInfo(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  input: { userId: string },
): Promise<WebsiteInfoView | null> {
  const userId = readableInformationOwner(actor, input, "website_info_not_found");
  const [row] = await db.select().from(websiteInfo).where(eq(websiteInfo.userId, userId));
  if (!row) return null;
  const { domain, hosting } = await websiteAccess(db, userId);
  return toWebsiteInfoView(row, { domain, hosting });
}
