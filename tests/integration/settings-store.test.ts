import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminSettings } from "~db/schema";
import { defaultSettings } from "~/domain/admin-settings";
import type { Change } from "~/lib/realtime/realtime";
import type { ChangeBus } from "~/lib/realtime/realtime.server";
import type { LockoutPolicy, SessionPolicy } from "~/lib/auth/session-policy";
import { SETTINGS_ROW_ID, SETTINGS_TABLE, SettingsStore } from "~/lib/config/settings.server";
import { testApp } from "./test-app";

/** A change bus whose deliveries and reconnect resyncs the test triggers itself. */
function controlledBus() {
  const changes = new Set<(change: Change) => void>();
  const resyncs = new Set<() => void>();
  const bus: ChangeBus = {
    async publish(change) {
      for (const listener of changes) listener(change);
    },
    subscribe(listener) {
      changes.add(listener);
      return () => changes.delete(listener);
    },
    onResync(listener) {
      resyncs.add(listener);
      return () => resyncs.delete(listener);
    },
    async close() {},
  };
  return { bus, resync: () => resyncs.forEach((listener) => listener()), listeners: () => changes.size + resyncs.size };
}

// The store under test gets a bus of its own (above); the app's database is all it shares.
const app = testApp();

const defaults = defaultSettings({
  companyName: "Agency",
  supportEmail: "help@agency.test",
  sessionDurationMinutes: 30,
  maxLoginAttempts: 5,
});
const base: { sessions: SessionPolicy; lockout: LockoutPolicy } = {
  sessions: { admin: { idleMs: 1, maxMs: 2 }, customer: { idleMs: 3, maxMs: 4 } },
  lockout: { maxFailures: 5, lockMs: 5 },
};

async function storeMaintenance(on: boolean) {
  const values = { ...defaults, general: { ...defaults.general, maintenanceMode: on } };
  await app.db
    .insert(adminSettings)
    .values({ id: SETTINGS_ROW_ID, values })
    .onConflictDoUpdate({ target: adminSettings.id, set: { values } });
}

describe("the settings cache", () => {
  it("serves from memory until a settings change or a bus resync, then reads the database again", async () => {
    const { bus, resync, listeners } = controlledBus();
    const store = new SettingsStore(app.db, defaults, bus, base);
    expect((await store.get()).general.maintenanceMode).toBe(false);

    // Written by another instance whose notification this one never receives: the cache holds.
    await storeMaintenance(true);
    expect((await store.get()).general.maintenanceMode).toBe(false);

    // The bus lost its connection for a while and says so: the next read goes to the database.
    resync();
    expect((await store.get()).general.maintenanceMode).toBe(true);

    await storeMaintenance(false);
    await bus.publish({ table: SETTINGS_TABLE, userId: "*" });
    expect((await store.get()).general.maintenanceMode).toBe(false);

    store.close();
    expect(listeners()).toBe(0);
    await app.db.delete(adminSettings).where(eq(adminSettings.id, SETTINGS_ROW_ID));
  });
});
