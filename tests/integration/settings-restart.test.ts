import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSettings } from "~/features/settings/save-settings.server";
import { loadSessionUser } from "~/lib/auth/session.server";
import { start } from "../../server/app";
import { cookieFrom, signUpBody } from "./support";

/** The real start-up twice on one data folder: the settings saved before the restart are in force after it. */
let dataDir: string;
let port: number;
const saved = { ...process.env };
const adminEmail = "owner@restart.test";
const adminPassword = "Owner!Restart-pass1";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-settings-restart-"));
  port = await freePort();
  for (const key of ["ADMIN_PROMOTE_EXISTING", "DATABASE_URL", "AUTH_SECRET", "TRUST_PROXY"]) delete process.env[key];
  Object.assign(process.env, {
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
  });
});

afterAll(() => {
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${port}`;
const post = (endpoint: string, body: unknown) =>
  fetch(`${base()}/api/auth${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base() },
    body: JSON.stringify(body),
  });

describe("admin settings across a restart", () => {
  it("keeps every saved tab and its effect", async () => {
    const first = await start();
    try {
      const signedIn = await post("/sign-in/email", { email: adminEmail, password: adminPassword });
      expect(signedIn.status).toBe(200);
      const { user: admin } = await loadSessionUser(
        first.services.auth,
        first.services.database.db,
        new Headers({ cookie: cookieFrom(signedIn) }),
      );
      await saveSettings(first.services, admin, {
        section: "general",
        values: {
          maintenanceMode: true,
          autoApproveSubmissions: true,
          companyName: "Restart Co",
          supportEmail: "help@restart.test",
          bookingLink: "https://cal.example.test/restart-co",
        },
      });
      await saveSettings(first.services, admin, {
        section: "security",
        values: { twoFactor: true, sessionTimeout: true, sessionDurationMinutes: 45, maxLoginAttempts: 7 },
      });
      await saveSettings(first.services, admin, {
        section: "reminders",
        values: {
          ...first.services.settings.defaultValues.reminders,
          unpaidSignupOn: false,
          approvalRoundDays: "9, 1",
        },
      });
    } finally {
      await first.stop();
    }

    const second = await start();
    try {
      const settings = await second.services.settings.get();
      expect(settings.general).toEqual({
        maintenanceMode: true,
        autoApproveSubmissions: true,
        companyName: "Restart Co",
        supportEmail: "help@restart.test",
        zelleRecipientName: "",
        messagesReplyTime: "",
        reviewLink: "",
        bookingLink: "https://cal.example.test/restart-co",
        assignNewCustomersTo: "",
        companyAddress: "",
        taxId: "",
      });
      expect(settings.security).toEqual({
        twoFactor: true,
        sessionTimeout: true,
        sessionDurationMinutes: 45,
        maxLoginAttempts: 7,
      });
      expect(settings.reminders).toEqual({
        ...second.services.settings.defaultValues.reminders,
        unpaidSignupOn: false,
        approvalRoundDays: [1, 9],
      });
      // In force: Maintenance Mode still keeps customers from signing up.
      const signUp = await post("/sign-up/email", signUpBody());
      expect(signUp.status).toBe(503);
      expect((await post("/sign-in/email", { email: adminEmail, password: adminPassword })).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
