import { beforeAll, describe, expect, it } from "vitest";
import { addDeliveredFile } from "~/features/delivered-files/add-delivered-file.server";
import { requestApproval } from "~/features/approvals/request-approval.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { recordReviewResponse } from "~/features/reviews/record-review-response.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import type { SessionUser } from "~/lib/auth/session";
import { loader as googleLoader } from "~/routes/dashboard/google-business";
import { loader as progressLoader } from "~/routes/dashboard/progress";
import { loader as websiteLoader } from "~/routes/dashboard/website";
import { routeContext, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  customerA = await app.customer({ name: "Ana Ruiz" });
  customerB = await app.customer({ name: "Blair Banks" });
  admin = await app.admin();
});

const args = (path: string, user: SessionUser) =>
  ({
    request: new Request(`http://localhost:3000${path}`),
    context: routeContext(app.services, user),
    params: {},
  }) as never;
const google = (user: SessionUser) => googleLoader(args("/dashboard/google-business", user));
const website = (user: SessionUser) => websiteLoader(args("/dashboard/website", user));
const progress = (user: SessionUser) => progressLoader(args("/dashboard/progress", user));
const zip = (name: string) => new File([new Uint8Array(64).fill(7)], name, { type: "application/zip" });

describe("a customer's service pages", () => {
  it("load the customer's own rounds and delivered files of that service, whatever the payment's state", async () => {
    // Nobody has paid here: the rounds and files are shown above the payment gate all the same.
    expect(await google(customerA.user)).toMatchObject({ payment: null, rounds: [], files: [] });
    await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      title: "Home page draft",
    });
    await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      title: "Home page, second try",
    });
    await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "google_business",
      title: "Profile draft",
    });
    await addDeliveredFile(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      file: zip("Logo set.zip"),
    });
    await addDeliveredFile(app.services, admin.user, {
      userId: customerB.id,
      service: "website",
      file: zip("Other.zip"),
    });

    const site = await website(customerA.user);
    expect(site.rounds.map((round) => [round.version, round.title, round.decision])).toEqual([
      [2, "Home page, second try", null],
      [1, "Home page draft", "superseded"],
    ]);
    expect(site.files.map((file) => file.name)).toEqual(["Logo set.zip"]);
    expect(site.files[0]?.downloadUrl).toMatch(/\?name=Logo%20set\.zip$/);
    const profile = await google(customerA.user);
    expect(profile.rounds.map((round) => round.title)).toEqual(["Profile draft"]);
    expect(profile.files).toEqual([]);

    const other = await website(customerB.user);
    expect(other.rounds).toEqual([]);
    expect(other.files.map((file) => file.name)).toEqual(["Other.zip"]);
  });

  it("open for an admin too, with none of their own (not the 404 an admin id gets from the admin's lists)", async () => {
    expect(await website(admin.user)).toMatchObject({ rounds: [], files: [] });
    expect(await google(admin.user)).toMatchObject({ rounds: [], files: [] });
    expect(await progress(admin.user)).toMatchObject({ reviewCards: [] });
  });
});

describe("the progress page's review card", () => {
  const setReviewLink = async (reviewLink: string) =>
    saveSettings(app.services, admin.user, {
      section: "general",
      values: { ...(await app.services.settings.get()).general, reviewLink },
    });

  it("shows while a request is open and the Review Link is set, with the link as it is now", async () => {
    await setReviewLink("https://g.page/r/acme/review");
    expect((await progress(customerA.user)).reviewCards).toEqual([]);
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "google_business",
      step: "seoLocalSetup",
      done: true,
    });
    expect((await progress(customerA.user)).reviewCards).toEqual([
      { service: "google_business", link: "https://g.page/r/acme/review" },
    ]);
    expect((await progress(customerB.user)).reviewCards).toEqual([]);

    await setReviewLink("");
    expect((await progress(customerA.user)).reviewCards).toEqual([]);
    await setReviewLink("https://g.page/r/acme-2/review");
    expect((await progress(customerA.user)).reviewCards).toEqual([
      { service: "google_business", link: "https://g.page/r/acme-2/review" },
    ]);

    await recordReviewResponse(app.services, customerA.user, {
      service: "google_business",
      response: "dismissed",
    });
    expect((await progress(customerA.user)).reviewCards).toEqual([]);
  });
});
