import { generateSync } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditEvents, googleBusinessInfo, twoFactor } from "~db/schema";
import { mayReadFile } from "~/domain/upload-kinds";
import { getSystemStatus } from "~/features/settings/get-system-status.server";
import { encryptSecret } from "~/lib/secrets/secrets.server";
import { action as revealAction } from "~/routes/resources/reveal-secret";
import { resetTwoFactor } from "~/features/settings/reset-two-factor.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { saveSettings } from "~/features/settings/save-settings.server";
import { loadSessionUser } from "~/lib/auth/session.server";
import { ADMIN_TWO_FACTOR_SETUP } from "~/lib/http/paths";
import { loader as setupLoader } from "~/routes/admin/two-factor";
import {
  authRequest,
  behindAdminGuard,
  cookieFrom,
  expectHttpError,
  changesOf,
  formPost,
  routeArgs,
  routeAnswer,
  routeContext,
  signIn,
  signUpBody,
  SITE_URL,
  type SignedIn,
} from "./support";
import { testApp } from "./test-app";

const app = testApp();
let settingsAdmin: SignedIn;

beforeAll(async () => {
  settingsAdmin = await app.admin();
});

async function setTwoFactorSetting(on: boolean) {
  const { security } = await app.services.settings.get();
  await saveSettings(app.services, settingsAdmin.user, {
    section: "security",
    values: { ...security, twoFactor: on },
  });
  app.services.settings.invalidate();
}

/** Whose `session` changes the bus delivers from now on, read with `settled()`. */
const sessionChanges = () => changesOf(app.services.bus, "session");

/** Runs the admin layout's middleware the way the framework does; returns the redirect's target, or "passed". */
async function guardAnswer(cookie: string, url: string): Promise<string> {
  const { user } = await loadSessionUser(app.services.auth, app.db, new Headers({ cookie }));
  const answer = await behindAdminGuard(
    app.services,
    user,
    new Request(`${SITE_URL}${url}`, { headers: { cookie } }),
    () => null,
  );
  return "guardedBy" in answer ? String(answer.guardedBy) : "passed";
}

/** Enrols the signed-in admin through the real endpoints: enable (password), then a TOTP code confirms it. */
async function enrol(admin: SignedIn): Promise<{ secret: string; backupCodes: string[]; cookie: string }> {
  const enabled = await authRequest(
    app.services,
    "/two-factor/enable",
    { password: admin.password },
    { cookie: admin.cookie },
  );
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get("secret")!;
  const confirmed = await authRequest(
    app.services,
    "/two-factor/verify-totp",
    { code: generateSync({ secret }) },
    { cookie: admin.cookie },
  );
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  // Confirming replaces the session (Better Auth signs the account in afresh, now with two-factor).
  const cookie = cookieFrom(confirmed);
  expect(cookie).toContain("session_token=");
  return { secret, backupCodes, cookie };
}

/** The code of the step after the current one: accepted now (one step early is allowed), and not yet spent. */
function nextCode(secret: string): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

/** Signs in with the password; an account with two-factor gets no session, only the two-factor cookie. */
async function passwordStep(admin: SignedIn): Promise<{ twoFactorRedirect: boolean; cookie: string }> {
  const response = await signIn(app.services, admin.email, admin.password);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { twoFactorRedirect?: boolean };
  return { twoFactorRedirect: body.twoFactorRedirect === true, cookie: cookieFrom(response) };
}

describe("admin two-factor", () => {
  it("sends an admin who has not enrolled to enrolment while the setting is on, and only then", async () => {
    const admin = await app.admin();
    await setTwoFactorSetting(false);
    expect(await guardAnswer(admin.cookie, "/admin/dashboard")).toBe("passed");
    await setTwoFactorSetting(true);
    try {
      expect(await guardAnswer(admin.cookie, "/admin/dashboard")).toBe(ADMIN_TWO_FACTOR_SETUP);
      expect(await guardAnswer(admin.cookie, "/admin/settings")).toBe(ADMIN_TWO_FACTOR_SETUP);
      // A customer is not affected: they have no enrolment page.
      const customer = await app.customer();
      const customerSignIn = await signIn(app.services, customer.email, customer.password);
      expect(((await customerSignIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
      expect(cookieFrom(customerSignIn)).toContain("session_token=");

      const { cookie } = await enrol(admin);
      expect(await guardAnswer(cookie, "/admin/dashboard")).toBe("passed");
      // An enrolled admin has nothing to do on the enrolment page.
      const user = (await loadSessionUser(app.services.auth, app.db, new Headers({ cookie }))).user;
      expect(user?.twoFactorEnabled).toBe(true);
      const answer = await Promise.resolve()
        .then(() =>
          setupLoader({
            request: new Request(`${SITE_URL}/admin/two-factor`),
            context: routeContext(app.services, user),
            params: {},
          } as never),
        )
        .catch((thrown: unknown) => thrown);
      expect(answer instanceof Response && answer.headers.get("location")).toBe("/admin/dashboard");
    } finally {
      await setTwoFactorSetting(false);
    }
  });

  it("asks an enrolled admin for a code at every sign-in, refuses a wrong one, and accepts a right one", async () => {
    const admin = await app.admin();
    const { secret } = await enrol(admin);
    const first = await passwordStep(admin);
    expect(first.twoFactorRedirect).toBe(true);
    expect(first.cookie).not.toContain("session_token=");
    // The next step's code: the current one confirmed the enrolment and is spent.
    const correct = nextCode(secret);
    const wrong = correct === "000000" ? "111111" : "000000";
    const refused = await authRequest(
      app.services,
      "/two-factor/verify-totp",
      { code: wrong },
      { cookie: first.cookie },
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(cookieFrom(refused)).not.toContain("session_token=");
    const accepted = await authRequest(
      app.services,
      "/two-factor/verify-totp",
      { code: correct },
      { cookie: first.cookie },
    );
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const session = cookieFrom(accepted);
    expect(session).toContain("session_token=");
    const user = (await loadSessionUser(app.services.auth, app.db, new Headers({ cookie: session }))).user;
    expect(user).toMatchObject({ id: admin.id, isAdmin: true, twoFactorEnabled: true });
  });

  it("accepts a backup code once", async () => {
    const admin = await app.admin();
    const { backupCodes } = await enrol(admin);
    const code = backupCodes[0]!;
    const first = await passwordStep(admin);
    const used = await authRequest(app.services, "/two-factor/verify-backup-code", { code }, { cookie: first.cookie });
    expect(used.status, await used.clone().text()).toBe(200);
    expect(cookieFrom(used)).toContain("session_token=");
    const second = await passwordStep(admin);
    expect(second.twoFactorRedirect).toBe(true);
    const reused = await authRequest(
      app.services,
      "/two-factor/verify-backup-code",
      { code },
      { cookie: second.cookie },
    );
    expect(reused.status).toBeGreaterThanOrEqual(400);
    expect(cookieFrom(reused)).not.toContain("session_token=");
  });

  it("lets an admin reset another admin's two-factor (audited); nobody else may", async () => {
    const target = await app.admin();
    const { cookie } = await enrol(target);
    const customer = await app.customer();
    await expectHttpError(resetTwoFactor(app.services, customer.user, { userId: target.id }), 403);
    await expectHttpError(resetTwoFactor(app.services, null, { userId: target.id }), 401);
    // Only admins' two-factor is reset here, and not one's own.
    await expectHttpError(resetTwoFactor(app.services, settingsAdmin.user, { userId: customer.id }), 404);
    await expectHttpError(resetTwoFactor(app.services, target.user, { userId: target.id }), 400);
    expect(await app.db.select().from(twoFactor).where(eq(twoFactor.userId, target.id))).toHaveLength(1);
    expect(await app.db.select().from(auditEvents).where(eq(auditEvents.action, "two-factor.reset"))).toHaveLength(0);

    // Through the settings page's action, as the Security tab posts it.
    const request = formPost("/admin/settings", { intent: "reset-two-factor", userId: target.id });
    const told = sessionChanges();
    const answer = await settingsAction({
      request,
      context: routeContext(app.services, settingsAdmin.user),
      params: {},
    } as never);
    expect(answer).toMatchObject({ ok: true });
    // Their open live streams check their sessions at once.
    expect(await told.settled()).toEqual([target.id]);
    expect(await app.db.select().from(twoFactor).where(eq(twoFactor.userId, target.id))).toHaveLength(0);
    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "two-factor.reset"), eq(auditEvents.actorId, settingsAdmin.id)));
    expect(event?.detail).toEqual({ adminId: target.id, wasEnabled: true });
    // The reset admin's sessions ended; the next sign-in asks for no code, and enrolment follows while the setting is on.
    expect((await loadSessionUser(app.services.auth, app.db, new Headers({ cookie }))).user).toBeNull();
    const again = await passwordStep(target);
    expect(again.twoFactorRedirect).toBe(false);
    await setTwoFactorSetting(true);
    try {
      expect(await guardAnswer(again.cookie, "/admin/dashboard")).toBe(ADMIN_TWO_FACTOR_SETUP);
    } finally {
      await setTwoFactorSetting(false);
    }
  });

  it("refuses to turn two-factor on for a customer's account", async () => {
    const customer = await app.customer();
    const refused = await authRequest(
      app.services,
      "/two-factor/enable",
      { password: customer.password },
      { cookie: customer.cookie },
    );
    expect(refused.status).toBe(403);
    expect(await app.db.select().from(twoFactor).where(eq(twoFactor.userId, customer.id))).toHaveLength(0);
    const signedIn = await signIn(app.services, customer.email, customer.password);
    expect(cookieFrom(signedIn)).toContain("session_token=");
  });

  it("never repeats the session token in an answer body: sign-up, sign-in, the session, a TOTP sign-in", async () => {
    /** The body has no `token` and not the value of the session cookie it was sent with or set. */
    const expectNoToken = async (response: Response, cookie = cookieFrom(response)) => {
      expect(response.status, await response.clone().text()).toBe(200);
      const token = /session_token=([^.;]+)/.exec(cookie)?.[1];
      expect(token, "a session to look for").toBeTruthy();
      const body = await response.clone().text();
      expect(body).not.toMatch(/"token"/);
      expect(body).not.toContain(decodeURIComponent(token!));
    };
    const body = signUpBody();
    await expectNoToken(await authRequest(app.services, "/sign-up/email", body));
    const signedIn = await signIn(app.services, body.email, body.password);
    await expectNoToken(signedIn);
    const cookie = cookieFrom(signedIn);
    const session = await app.services.auth.handler(
      new Request(`${SITE_URL}/api/auth/get-session`, { headers: { cookie } }),
    );
    await expectNoToken(session, cookie);
    expect(((await session.json()) as { session: { id: string } }).session.id).toBeTruthy();

    const admin = await app.admin();
    const { secret } = await enrol(admin);
    const step = await passwordStep(admin);
    await expectNoToken(
      await authRequest(app.services, "/two-factor/verify-totp", { code: nextCode(secret) }, { cookie: step.cookie }),
    );
  });

  it("gives an admin who must still enrol no admin power anywhere: reveals, file reads, use cases, the guard", async () => {
    const customer = await app.customer();
    await app.db
      .insert(googleBusinessInfo)
      .values({ userId: customer.id, gmailPassword: encryptSecret(app.services.secrets, "Customer's Gmail password") });
    const admin = await app.admin();
    const reveal = async (cookie: string) =>
      routeAnswer(
        await revealAction(
          await routeArgs(app.services, "/resources/secrets/reveal", {
            method: "POST",
            headers: { cookie },
            body: new URLSearchParams({ kind: "gmail-password", userId: customer.id }),
          }),
        ),
      );
    const actingUser = async (cookie: string) =>
      (await loadSessionUser(app.services.auth, app.db, new Headers({ cookie }))).user!;
    await setTwoFactorSetting(true);
    try {
      const pending = await actingUser(admin.cookie);
      expect(pending).toMatchObject({ isAdmin: false, mustEnrolTwoFactor: true });
      expect((await reveal(admin.cookie)).status).toBe(404);
      expect(mayReadFile(pending, "avatars", `${customer.id}/avatar.png`)).toBe(false);
      await expectHttpError(getSystemStatus(app.services, pending), 403);
      expect(await guardAnswer(admin.cookie, "/admin/dashboard")).toBe(ADMIN_TWO_FACTOR_SETUP);

      // Enrolled, the same admin has them all.
      const { cookie } = await enrol(admin);
      const enrolled = await actingUser(cookie);
      expect(enrolled).toMatchObject({ isAdmin: true, mustEnrolTwoFactor: false });
      expect(await reveal(cookie)).toEqual({ status: 200, body: { value: "Customer's Gmail password" } });
      expect(mayReadFile(enrolled, "avatars", `${customer.id}/avatar.png`)).toBe(true);
      expect(await getSystemStatus(app.services, enrolled)).toBeTruthy();
    } finally {
      await setTwoFactorSetting(false);
    }
    // With the setting off, an admin without two-factor is an admin.
    expect(await actingUser((await app.admin()).cookie)).toMatchObject({ isAdmin: true, mustEnrolTwoFactor: false });
  });

  it("accepts a TOTP code once: the same code again, or an older one still inside its window, is refused", async () => {
    const admin = await app.admin();
    const { secret } = await enrol(admin);
    const code = nextCode(secret);
    // Two sign-ins racing with one fresh code: one session, not two.
    const steps = await Promise.all([passwordStep(admin), passwordStep(admin)]);
    const raced = await Promise.all(
      steps.map((step) => authRequest(app.services, "/two-factor/verify-totp", { code }, { cookie: step.cookie })),
    );
    expect(raced.map((response) => response.status).sort()).toEqual([200, 401]);

    for (const spent of [code, generateSync({ secret })]) {
      const again = await passwordStep(admin);
      const replayed = await authRequest(
        app.services,
        "/two-factor/verify-totp",
        { code: spent },
        { cookie: again.cookie },
      );
      expect(replayed.status).toBe(401);
      expect(await replayed.json()).toMatchObject({
        code: "TOTP_CODE_ALREADY_USED",
        message: "This code was already used. Wait for the next one.",
      });
      expect(cookieFrom(replayed)).not.toContain("session_token=");
    }
  });

  it("turns two-factor off only with a current code or a backup code; on and off end the other sessions, on the record", async () => {
    const admin = await app.admin();
    const elsewhere = cookieFrom(await signIn(app.services, admin.email, admin.password));
    const alive = async (cookie: string) =>
      (await loadSessionUser(app.services.auth, app.db, new Headers({ cookie }))).user !== null;
    const events = async (action: string) =>
      app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorId, admin.id), eq(auditEvents.action, action)));
    expect(await alive(elsewhere)).toBe(true);

    const toldOn = sessionChanges();
    const { secret, backupCodes, cookie } = await enrol(admin);
    expect(await alive(elsewhere)).toBe(false);
    // The ended sessions' open live streams check theirs at once.
    expect(await toldOn.settled()).toEqual([admin.id]);
    expect(await alive(cookie)).toBe(true);
    expect(await events("two-factor.enable")).toHaveLength(1);

    const step = await passwordStep(admin);
    const second = cookieFrom(
      await authRequest(app.services, "/two-factor/verify-totp", { code: nextCode(secret) }, { cookie: step.cookie }),
    );
    const disable = (body: Record<string, string>) =>
      authRequest(app.services, "/two-factor/disable", { password: admin.password, ...body }, { cookie });
    const refusedBodies: Record<string, string>[] = [
      {},
      { code: "000000" },
      { code: generateSync({ secret }) },
      { backupCode: "not-a-code" },
    ];
    for (const body of refusedBodies) {
      const refused = await disable(body);
      expect(refused.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    expect((await loadSessionUser(app.services.auth, app.db, new Headers({ cookie }))).user?.twoFactorEnabled).toBe(
      true,
    );
    expect(await events("two-factor.disable")).toHaveLength(0);

    const toldOff = sessionChanges();
    const off = await disable({ backupCode: backupCodes[0]! });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await toldOff.settled()).toEqual([admin.id]);
    const after = cookieFrom(off);
    expect(
      (await loadSessionUser(app.services.auth, app.db, new Headers({ cookie: after }))).user?.twoFactorEnabled,
    ).toBe(false);
    expect(await alive(second)).toBe(false);
    const [disabled] = await events("two-factor.disable");
    expect(disabled?.detail).toHaveProperty("ip");

    // A current code does it too.
    const other = await app.admin();
    const enrolled = await enrol(other);
    const withCode = await authRequest(
      app.services,
      "/two-factor/disable",
      { password: other.password, code: nextCode(enrolled.secret) },
      { cookie: enrolled.cookie },
    );
    expect(withCode.status, await withCode.clone().text()).toBe(200);
  });
});
