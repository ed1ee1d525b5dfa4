import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailMessages, notifications, reviewRequests } from "~db/schema";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { getOpenReviewRequests } from "~/features/reviews/get-open-review-requests.server";
import { recordReviewResponse } from "~/features/reviews/record-review-response.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { AppError } from "~/lib/http/app-error";
import { type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  customer = await app.customer({ name: "Ana Ruiz" });
  admin = await app.admin();
});

const REVIEW_LINK = "https://g.page/r/acme-agency/review";
const setReviewLink = async (reviewLink: string) => {
  const general = (await app.services.settings.get()).general;
  return saveSettings(app.services, admin.user, { section: "general", values: { ...general, reviewLink } });
};
const tick = (service: "google_business" | "website", step: string, done = true) =>
  toggleProgressStep(app.services, admin.user, { userId: customer.id, service, step, done });
const requestsOf = (userId: string) => app.db.select().from(reviewRequests).where(eq(reviewRequests.userId, userId));
const asked = (userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "review_request")));
const cards = () => getOpenReviewRequests(app.services, customer.user);

describe("asking for a review when the work is finished", () => {
  it("the Review Link setting takes an https address or nothing", async () => {
    for (const bad of ["http://g.page/r/acme", "g.page/r/acme", "javascript:alert(1)"]) {
      const refused = await saveSettings(app.services, admin.user, {
        section: "general",
        values: { ...(await app.services.settings.get()).general, reviewLink: bad },
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).message).toBe("The review link must be a whole address starting with https://");
    }
    expect((await setReviewLink(` ${REVIEW_LINK} `)).general.reviewLink).toBe(REVIEW_LINK);
    expect((await setReviewLink("")).general.reviewLink).toBe("");
  });

  it("with no Review Link, finishing a service asks nothing", async () => {
    await tick("website", "websiteLaunch");
    expect(await requestsOf(customer.id)).toEqual([]);
    expect(await asked(customer.id)).toEqual([]);
    await tick("website", "websiteLaunch", false);
  });

  it("with one, the last step asks once: a notification, an e-mail with the link, and the card until it is answered", async () => {
    await setReviewLink(REVIEW_LINK);
    // An earlier step asks nothing.
    await tick("google_business", "profileOptimization");
    expect(await asked(customer.id)).toEqual([]);

    await tick("google_business", "seoLocalSetup");
    expect((await requestsOf(customer.id)).map((row) => row.service)).toEqual(["google_business"]);
    const [bell] = await asked(customer.id);
    expect([bell?.title, bell?.message]).toEqual([
      "How did we do?",
      "Your Google Business Profile is finished. Would you leave us a review? It helps other customers find us.",
    ]);
    const [mail] = await app.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, customer.email), eq(emailMessages.subject, "How did we do?")));
    expect(mail?.text).toContain(`Leave us a review here: ${REVIEW_LINK}`);
    expect(await cards()).toEqual([{ service: "google_business", link: REVIEW_LINK }]);

    // Unticked and ticked again: not asked twice.
    await tick("google_business", "seoLocalSetup", false);
    await tick("google_business", "seoLocalSetup");
    expect(await asked(customer.id)).toHaveLength(1);

    // The card follows the setting: emptied, no card; set again, the card is back with the new link.
    await setReviewLink("");
    expect(await cards()).toEqual([]);
    await setReviewLink("https://g.page/r/acme-agency-2/review");
    expect(await cards()).toEqual([{ service: "google_business", link: "https://g.page/r/acme-agency-2/review" }]);
  });

  it("only the customer answers the card, opened or dismissed; either way it goes", async () => {
    await expect(
      recordReviewResponse(app.services, admin.user, { service: "google_business", response: "opened" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      recordReviewResponse(app.services, null, { service: "google_business", response: "opened" }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      recordReviewResponse(app.services, customer.user, { service: "google_business", response: "rated-5" }),
    ).rejects.toMatchObject({ status: 400 });
    await recordReviewResponse(app.services, customer.user, { service: "google_business", response: "opened" });
    expect(await cards()).toEqual([]);
    const [row] = await requestsOf(customer.id);
    expect(row?.clickedAt).toBeInstanceOf(Date);

    await tick("website", "websiteLaunch");
    expect((await cards()).map((card) => card.service)).toEqual(["website"]);
    await recordReviewResponse(app.services, customer.user, { service: "website", response: "dismissed" });
    expect(await cards()).toEqual([]);
  });
});
