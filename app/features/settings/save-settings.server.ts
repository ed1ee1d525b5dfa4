import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { adminSettings } from "~db/schema";
import { SETTINGS_SECTIONS, type AdminSettings, type SettingsSection } from "~/domain/admin-settings";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { activeMembers } from "~/lib/auth/roles.server";
import { EVERYONE } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { readSettings, SETTINGS_ROW_ID, SETTINGS_TABLE } from "~/lib/config/settings.server";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/**
 * Saves one tab of the admin settings (admins only): the section's values replace the stored ones, in one
 * transaction with the audit event (`settings.update`: the section and which values changed, old and new).
 * 'Assign new customers to' must name an active team member (or nobody), else member_not_active on that field.
 * The cache is dropped and the change published to every viewer, so the next request everywhere reads the
 * new values and open pages reload (Maintenance Mode switches customers' pages live).
 */
export async function saveSettings(
  deps: Pick<Deps, "db" | "bus" | "settings">,
  actor: Actor | null,
  input: { section: SettingsSection; values: Record<string, unknown> },
): Promise<AdminSettings> {
  const admin = requireAdminActor(actor);
  const schema = SETTINGS_SECTIONS[input.section];
  if (!schema) throw new AppError("invalid_request");
  const parsed = schema.safeParse(input.values);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const values = parsed.data as Record<string, unknown>;

  const saved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ values: adminSettings.values })
      .from(adminSettings)
      .where(eq(adminSettings.id, SETTINGS_ROW_ID))
      .for("update");
    // The browser offers only active members; one deactivated since the page was loaded (or a forged id) is refused.
    const assignee = input.section === "general" ? values.assignNewCustomersTo : undefined;
    if (typeof assignee === "string" && assignee && (await activeMembers(tx, [assignee])).length === 0) {
      throw new AppError("member_not_active", {
        message: msg`Choose an active team member, or Nobody`,
        field: "assignNewCustomersTo",
      });
    }
    const before = await readSettings(tx, deps.settings.defaultValues);
    const stored = { ...(row?.values ?? {}), [input.section]: values };
    await tx
      .insert(adminSettings)
      .values({ id: SETTINGS_ROW_ID, values: stored, updatedBy: admin.id })
      .onConflictDoUpdate({
        target: adminSettings.id,
        set: { values: stored, updatedBy: admin.id, updatedAt: new Date() },
      });
    const previous = before[input.section] as Record<string, unknown>;
    // By value: a list (a reminder's days) read back from the database is another array with the same days.
    const changed = Object.fromEntries(
      Object.keys(values)
        .filter((key) => JSON.stringify(previous[key]) !== JSON.stringify(values[key]))
        .map((key) => [key, { from: previous[key], to: values[key] }]),
    );
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "settings.update",
      detail: { section: input.section, changed },
    });
    return readSettings(tx, deps.settings.defaultValues);
  });
  deps.settings.invalidate();
  await publishChanges(deps.bus, [{ table: SETTINGS_TABLE, userId: EVERYONE }]);
  return saved;
}
