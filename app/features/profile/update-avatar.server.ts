import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { fileRoutePath } from "~/lib/storage/storage.server";
import { UPLOAD_KINDS } from "~/domain/upload-kinds";
import { deleteUpload, storeUpload } from "~/lib/storage/uploads.server";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

const AVATAR_PREFIX = fileRoutePath(UPLOAD_KINDS.avatar.bucket, "");

/** The avatar's storage key inside its bucket, from the URL a profile holds; null for anything else. */
export function avatarKeyOf(url: string | null): string | null {
  if (!url?.startsWith(AVATAR_PREFIX)) return null;
  const key = url.slice(AVATAR_PREFIX.length);
  return key.length > 0 ? key : null;
}

/**
 * A new profile picture: checked, stripped and stored through the uploads module under a new key (decision
 * 009: a cached old URL never shows the new picture, and a failed save never loses the old one), recorded
 * in the profile, and the old file with its thumbnail deleted after the commit, whatever its extension.
 * Returns the new URL.
 */
export async function updateAvatar(
  deps: Pick<Deps, "db" | "bus" | "storage">,
  actor: Actor | null,
  input: { avatar: unknown },
): Promise<string> {
  const { db, bus, storage } = deps;
  const { id } = requireActor(actor);
  const { url, previous } = await storeUpload(storage, "avatar", id, input.avatar, (stored) =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(eq(profiles.id, id))
        .for("update");
      if (!before) throw new AppError("profile_not_found");
      await tx.update(profiles).set({ avatarUrl: stored.url }).where(eq(profiles.id, id));
      return { url: stored.url, previous: before.avatarUrl };
    }),
  );
  const oldKey = avatarKeyOf(previous);
  if (oldKey && oldKey !== avatarKeyOf(url)) {
    // The new picture is saved; a file left behind here is only litter, never a lost picture.
    await deleteUpload(storage, "avatar", oldKey).catch((error: unknown) =>
      console.error("Could not remove the old avatar:", error),
    );
  }
  await publishChanges(bus, [{ table: "profiles", userId: id }]);
  return url;
}
