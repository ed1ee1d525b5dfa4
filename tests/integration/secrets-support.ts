import { randomBytes } from "node:crypto";
import { googleBusinessInfo, user, websiteCredentials } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { encryptSecret, type Secrets } from "~/lib/secrets/secrets.server";

/** A value no database page holds by chance. */
export const marker = (label: string) => `${label}-${randomBytes(9).toString("hex")}`;

export interface SavedSecrets {
  userId: string;
  credentialId: string;
  /** The secrets saved, in clear: none of them may appear in a dump. */
  plaintexts: string[];
  /** A value saved in a plain, non-secret column: a dump must show it, or the search proves nothing. */
  control: string;
}

/** Saves a customer with a Gmail password and a credential's password, PIN and details, as the app writes them. */
export async function saveSecrets(db: Db, secrets: Secrets): Promise<SavedSecrets> {
  const [owner] = await db
    .insert(user)
    .values({ name: "Dana Dump", email: `${marker("dump")}@example.com` })
    .returning({ id: user.id });
  const userId = owner!.id;
  const gmail = marker("gmail-password");
  const password = marker("credential-password");
  const pin = marker("pin");
  const details = marker("credential-details");
  const control = marker("plain-username");
  await db
    .insert(googleBusinessInfo)
    .values({ userId, gmailEmail: "dana@example.com", gmailPassword: encryptSecret(secrets, gmail) });
  const [credential] = await db
    .insert(websiteCredentials)
    .values({
      userId,
      credentialType: "hosting",
      username: control,
      password: encryptSecret(secrets, password),
      pin: encryptSecret(secrets, pin),
      details: encryptSecret(secrets, details),
    })
    .returning({ id: websiteCredentials.id });
  return { userId, credentialId: credential!.id, plaintexts: [gmail, password, pin, details], control };
}
