import type { AdminSettings } from "~/domain/admin-settings";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";

/** The settings in force, for the settings page (admins only). */
export async function getSettings({ settings }: Pick<Deps, "settings">, actor: Actor | null): Promise<AdminSettings> {
  requireAdminActor(actor);
  return settings.get();
}
