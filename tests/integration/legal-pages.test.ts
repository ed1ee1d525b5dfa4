import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminSettings } from "~db/schema";
import { saveSettings } from "~/features/settings/save-settings.server";
import { standardLegalText } from "~/features/legal/legal-texts";
import { i18nFor } from "~/lib/i18n/instances.server";
import type { SessionUser } from "~/lib/auth/session";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as legalLoader } from "~/routes/marketing/legal";
import { behindAdminGuard, expectHttpError, formPost, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
  customer = await app.customer();
}, 300_000);

/** The Legal tab's form as the settings page posts it, through the admin layout's guard. */
async function postLegal(actor: SessionUser | null, values: Record<string, string>) {
  const request = formPost("/admin/settings", { intent: "save-settings", section: "legal", ...values });
  return behindAdminGuard(app.services, actor, request, settingsAction);
}

/** A legal page as a visitor gets it (anyone: the page reads no session). */
async function legalPage(path: string) {
  return (await legalLoader({ request: new Request(`${SITE_URL}${path}`), context: routeContext(app.services, null), params: {} } as never)) as {
    title: string;
    paragraphs: string[];
    locale: string;
  };
}

const stored = async () => (await app.db.select().from(adminSettings).where(eq(adminSettings.id, "global")))[0]?.values as Record<string, unknown> | undefined;

describe("the legal pages' texts", () => {
  it("are the standard ones at first, in the page's language, naming the company and its support address", async () => {
    const { general } = await app.services.settings.get();
    const privacy = await legalPage("/privacy");
    expect(privacy.title).toBe("Privacy Policy");
    expect(privacy.paragraphs[0]).toContain(general.companyName);
    const refunds = await legalPage("/es/refunds");
    expect(refunds).toMatchObject({ title: "Política de reembolsos", locale: "es" });
    expect(refunds.paragraphs.join("\n")).toContain(`escriba a ${general.supportEmail}`);
    const terms = await legalPage("/terms");
    expect(terms.paragraphs.join("\n")).toContain("$700 in total, paid in two payments of $350");
  });

  it("can be changed by an admin only", async () => {
    const values = { privacyPolicy: "Ours.", termsOfService: "Ours.", refundPolicy: "Ours." };
    for (const actor of [customer.user, null]) expect(await postLegal(actor, values)).toHaveProperty("guardedBy");
    await expectHttpError(saveSettings({ db: app.db, bus: app.services.bus, settings: app.services.settings }, customer.user, { section: "legal", values }), 403);
    await expectHttpError(saveSettings({ db: app.db, bus: app.services.bus, settings: app.services.settings }, null, { section: "legal", values }), 401);
    expect(await stored()).toBeUndefined();
  });

  it("refuses an empty or too long text with the field's message", async () => {
    const fine = { privacyPolicy: "Ours.", termsOfService: "Ours.", refundPolicy: "Ours." };
    expect(await postLegal(admin.user, { ...fine, termsOfService: "  " })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Terms of Service text is required (at most 20,000 characters)" },
    });
    expect(await postLegal(admin.user, { ...fine, refundPolicy: "x".repeat(20_001) })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Refund Policy text is required (at most 20,000 characters)" },
    });
    expect(await stored()).toBeUndefined();
  });

  it("show the admin's text as written, on both languages' pages; a standard text saved unchanged keeps following the language", async () => {
    const { general } = await app.services.settings.get();
    const facts = { companyName: general.companyName, supportEmail: general.supportEmail };
    const privacy = "Our privacy <b>policy</b>.\nLine two.\n\n<script>alert(1)</script>";
    const answer = await postLegal(admin.user, {
      privacyPolicy: privacy,
      // The Spanish standard text, as the form shows it to an admin reading Spanish.
      termsOfService: standardLegalText("termsOfService", i18nFor("es"), facts),
      refundPolicy: "Write to us.",
    });
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect((await stored())?.legal).toEqual({ privacyPolicy: privacy, termsOfService: "", refundPolicy: "Write to us." });
    for (const path of ["/privacy", "/es/privacy"]) {
      expect((await legalPage(path)).paragraphs).toEqual(["Our privacy <b>policy</b>.\nLine two.", "<script>alert(1)</script>"]);
    }
    expect((await legalPage("/terms")).paragraphs[0]).toMatch(/^These terms apply/);
    expect((await legalPage("/es/terms")).paragraphs[0]).toMatch(/^Estos términos se aplican/);

    // The settings page's form shows each text as visitors read it.
    const page = (await settingsLoader({ request: new Request(`${SITE_URL}/admin/settings`), context: routeContext(app.services, admin.user), params: {} } as never)) as {
      legal: { page: string; value: string; path: string }[];
    };
    expect(page.legal.map(({ page, path }) => [page, path])).toEqual([
      ["privacyPolicy", "/privacy"],
      ["termsOfService", "/terms"],
      ["refundPolicy", "/refunds"],
    ]);
    expect(page.legal[0]!.value).toBe(privacy);
    expect(page.legal[1]!.value).toBe(standardLegalText("termsOfService", i18nFor("en"), facts));
  });
});
