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
  return (await legalLoader({
    request: new Request(`${SITE_URL}${path}`),
    context: routeContext(app.services, null),
    params: {},
  } as never)) as {
    title: string;
    paragraphs: string[];
    locale: string;
  };
}

const stored = async () =>
  (await app.db.select().from(adminSettings).where(eq(adminSettings.id, "global")))[0]?.values as
    | Record<string, unknown>
    | undefined;

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
    // These services have no card payments configured: the Terms promise only the Zelle transfer.
    expect(app.services.stripe).toBeNull();
    expect(terms.paragraphs.join("\n")).toContain("You pay by a Zelle transfer");
    expect(terms.paragraphs.join("\n")).not.toMatch(/by card/);
  });

  it("can be changed by an admin only", async () => {
    const values = {
      privacyPolicy: "Ours.",
      termsOfService: "Ours.",
      refundPolicy: "Ours.",
      privacyPolicyEs: "Nuestra.",
      termsOfServiceEs: "Nuestros.",
      refundPolicyEs: "Nuestra.",
    };
    for (const actor of [customer.user, null]) expect(await postLegal(actor, values)).toHaveProperty("guardedBy");
    await expectHttpError(
      saveSettings(app.services, customer.user, {
        section: "legal",
        values,
      }),
      403,
    );
    await expectHttpError(
      saveSettings(app.services, null, {
        section: "legal",
        values,
      }),
      401,
    );
    expect(await stored()).toBeUndefined();
  });

  it("refuses an empty or too long text with the field's message", async () => {
    const fine = {
      privacyPolicy: "Ours.",
      termsOfService: "Ours.",
      refundPolicy: "Ours.",
      privacyPolicyEs: "Nuestra.",
      termsOfServiceEs: "Nuestros.",
      refundPolicyEs: "Nuestra.",
    };
    expect(await postLegal(admin.user, { ...fine, termsOfService: "  " })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Terms of Service text is required (at most 20,000 characters)" },
    });
    expect(await postLegal(admin.user, { ...fine, refundPolicy: "x".repeat(20_001) })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Refund Policy text is required (at most 20,000 characters)" },
    });
    expect(await postLegal(admin.user, { ...fine, privacyPolicyEs: "" })).toMatchObject({
      status: 400,
      body: { ok: false, error: "The Spanish Privacy Policy text is required (at most 20,000 characters)" },
    });
    expect(await stored()).toBeUndefined();
  });

  it("show each language's text as the admin wrote it, on that language's page only; a standard text saved unchanged keeps following the settings", async () => {
    const { general } = await app.services.settings.get();
    const facts = {
      companyName: general.companyName,
      supportEmail: general.supportEmail,
      cardPayments: app.services.stripe !== null,
    };
    const privacy = "Our privacy <b>policy</b>.\nLine two.\n\n<script>alert(1)</script>";
    const answer = await postLegal(admin.user, {
      privacyPolicy: privacy,
      termsOfService: standardLegalText("termsOfService", i18nFor("en"), facts),
      refundPolicy: "Write to us.",
      privacyPolicyEs: standardLegalText("privacyPolicy", i18nFor("es"), facts),
      termsOfServiceEs: "Nuestros términos.",
      refundPolicyEs: standardLegalText("refundPolicy", i18nFor("es"), facts),
    });
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect((await stored())?.legal).toEqual({
      privacyPolicy: privacy,
      termsOfService: "",
      refundPolicy: "Write to us.",
      privacyPolicyEs: "",
      termsOfServiceEs: "Nuestros términos.",
      refundPolicyEs: "",
    });
    // Editing the English text leaves the Spanish page in Spanish, and the other way round.
    expect((await legalPage("/privacy")).paragraphs).toEqual([
      "Our privacy <b>policy</b>.\nLine two.",
      "<script>alert(1)</script>",
    ]);
    expect((await legalPage("/es/privacy")).paragraphs[0]).toBe(
      standardLegalText("privacyPolicy", i18nFor("es"), facts).split("\n\n")[0],
    );
    expect((await legalPage("/terms")).paragraphs[0]).toMatch(/^These terms apply/);
    expect((await legalPage("/es/terms")).paragraphs).toEqual(["Nuestros términos."]);
    expect((await legalPage("/es/refunds")).paragraphs.join("\n")).toContain(`escriba a ${general.supportEmail}`);

    // The settings page's form shows each page's two texts as visitors read them.
    const page = (await settingsLoader({
      request: new Request(`${SITE_URL}/admin/settings`),
      context: routeContext(app.services, admin.user),
      params: {},
    } as never)) as {
      legal: { key: string; label: string; value: string; path: string; lang: string }[];
    };
    expect(page.legal.map(({ key, label, path, lang }) => [key, label, path, lang])).toEqual([
      ["privacyPolicy", "Privacy Policy (English)", "/privacy", "en"],
      ["privacyPolicyEs", "Privacy Policy (Spanish)", "/es/privacy", "es"],
      ["termsOfService", "Terms of Service (English)", "/terms", "en"],
      ["termsOfServiceEs", "Terms of Service (Spanish)", "/es/terms", "es"],
      ["refundPolicy", "Refund Policy (English)", "/refunds", "en"],
      ["refundPolicyEs", "Refund Policy (Spanish)", "/es/refunds", "es"],
    ]);
    expect(page.legal[0]!.value).toBe(privacy);
    expect(page.legal[1]!.value).toBe(standardLegalText("privacyPolicy", i18nFor("es"), facts));
    expect(page.legal[3]!.value).toBe("Nuestros términos.");
  });

  it("keep a text saved when each page had one for both languages as the English one; the Spanish page reads the standard text", async () => {
    const before = await app.services.settings.get();
    const { general } = before;
    await app.db
      .update(adminSettings)
      .set({
        values: {
          ...(await stored()),
          legal: { privacyPolicy: "Old, one for both.", termsOfService: "", refundPolicy: "" },
        },
      })
      .where(eq(adminSettings.id, "global"));
    app.services.settings.invalidate();
    const facts = {
      companyName: general.companyName,
      supportEmail: general.supportEmail,
      cardPayments: app.services.stripe !== null,
    };
    const legal = (await app.services.settings.get()).legal;
    expect(legal).toMatchObject({ privacyPolicy: "Old, one for both.", privacyPolicyEs: "" });
    expect((await legalPage("/es/privacy")).paragraphs[0]).toBe(
      standardLegalText("privacyPolicy", i18nFor("es"), facts).split("\n\n")[0],
    );
  });
});
