import type { AdminSettings } from "~/domain/admin-settings";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { SettingsStore } from "~/lib/config/settings.server";

/** The settings in force, for the settings page (admins only). */
export async function getSettings(
  { settings }: { settings: SettingsStore },
  actor: Actor | null,
): Promise<AdminSettings> {
  requireAdminActor(actor);
  return settings.get();
}
