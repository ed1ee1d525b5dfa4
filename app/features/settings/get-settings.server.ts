import type { AdminSettings } from "~/lib/admin-settings";
import { requireAdminActor } from "~/lib/actor-guards";
import type { Actor } from "~/lib/session";
import type { SettingsStore } from "~/lib/settings.server";

/** The settings in force, for the settings page (admins only). */
export async function getSettings({ settings }: { settings: SettingsStore }, actor: Actor | null): Promise<AdminSettings> {
  requireAdminActor(actor);
  return settings.get();
}
