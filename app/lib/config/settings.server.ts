import { eq } from "drizzle-orm";
import { adminSettings } from "~db/schema";
import {
  defaultSettings,
  settingsFromStored,
  type AdminSettings,
  type SettingsSeed,
} from "../../domain/admin-settings";
import type { Executor } from "../db/db.server";
import type { ChangeBus } from "../realtime/realtime.server";
import type { LockoutPolicy, SessionPolicy } from "../auth/session-policy";

export const SETTINGS_ROW_ID = "global";
/** The change the settings save publishes (to every viewer: see canSeeChange). */
export const SETTINGS_TABLE = "admin_settings";

/** The stored settings read with this executor (a transaction sees its own writes). */
export async function readSettings(executor: Executor, defaults: AdminSettings): Promise<AdminSettings> {
  const [row] = await executor
    .select({ values: adminSettings.values })
    .from(adminSettings)
    .where(eq(adminSettings.id, SETTINGS_ROW_ID));
  return settingsFromStored(row?.values, defaults);
}

// The notification switches and Auto-approve do not depend on the environment's seed values.
export const SEEDLESS_SETTINGS = defaultSettings({
  companyName: "",
  supportEmail: "",
  sessionDurationMinutes: 30,
  maxLoginAttempts: 5,
});

/**
 * The settings as requests read them: cached in memory, dropped when a settings change is published (the
 * change bus reaches every app instance), so a save takes effect at the next request everywhere. A read
 * is then a memory lookup; only the first read after a change queries the database (one row by key).
 */
export class SettingsStore {
  private cached: Promise<AdminSettings> | null = null;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  constructor(
    private readonly db: Executor,
    private readonly defaults: AdminSettings,
    bus: ChangeBus,
    /** The environment's session settings the editable ones do not cover (the absolute limit, customers'). */
    private readonly base: { sessions: SessionPolicy; lockout: LockoutPolicy },
  ) {
    this.unsubscribe = bus.subscribe((change) => {
      if (change.table === SETTINGS_TABLE) this.invalidate();
    });
    // After the bus reconnects, changes published meanwhile are lost: a settings save among them would
    // leave this instance on old values, so the next read goes to the database.
    this.unsubscribeResync = bus.onResync(() => this.invalidate());
  }

  static seedFrom(
    env: { ADMIN_SESSION_IDLE_MINUTES: number; SIGN_IN_MAX_FAILURES: number },
    site: { agencyName: string; email: string },
  ): SettingsSeed {
    return {
      companyName: site.agencyName,
      supportEmail: site.email,
      sessionDurationMinutes: env.ADMIN_SESSION_IDLE_MINUTES,
      maxLoginAttempts: env.SIGN_IN_MAX_FAILURES,
    };
  }

  get defaultValues(): AdminSettings {
    return this.defaults;
  }

  get(): Promise<AdminSettings> {
    if (!this.cached) {
      const reading = readSettings(this.db, this.defaults);
      this.cached = reading;
      // A failed read is not kept: the next request tries again.
      reading.catch(() => {
        if (this.cached === reading) this.cached = null;
      });
    }
    return this.cached;
  }

  invalidate(): void {
    this.cached = null;
  }

  /**
   * The session and lockout policies in force: Session Duration is the admins' idle limit (Session Timeout
   * off: no idle limit, only the absolute one), Max Login Attempts the failures that lock an account.
   */
  async policies(): Promise<{ sessions: SessionPolicy; lockout: LockoutPolicy }> {
    const { security } = await this.get();
    const admin = {
      idleMs: security.sessionTimeout ? security.sessionDurationMinutes * 60_000 : this.base.sessions.admin.maxMs,
      maxMs: this.base.sessions.admin.maxMs,
    };
    return {
      sessions: { ...this.base.sessions, admin },
      lockout: { ...this.base.lockout, maxFailures: security.maxLoginAttempts },
    };
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
  }
}
