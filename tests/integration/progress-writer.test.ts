import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { googleBusinessProgress, websiteProgress } from "~db/schema";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import type { SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customer: SignedIn;

beforeAll(async () => {
  customer = await app.customer();
});

const websiteRow = async () =>
  (await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customer.id)))[0];

describe("setProgressStep (the one progress-step writer)", () => {
  it("creates a missing website record and keeps current_step equal to the done steps", async () => {
    const first = await setProgressStep(app.db, {
      userId: customer.id,
      service: "website",
      step: "designLayout",
      done: true,
    });
    expect(first).toEqual({ wasDone: false, changes: [{ table: "website_progress", userId: customer.id }] });
    expect(await websiteRow()).toMatchObject({ designLayout: true, clientInfoReceived: false, currentStep: 1 });

    const again = await setProgressStep(app.db, {
      userId: customer.id,
      service: "website",
      step: "designLayout",
      done: true,
    });
    expect(again.wasDone).toBe(true);
    await setProgressStep(app.db, { userId: customer.id, service: "website", step: "designLayout", done: false });
    expect(await websiteRow()).toMatchObject({ designLayout: false, currentStep: 0 });
  });

  it("keeps both of two concurrent writes to different steps", async () => {
    const steps = ["informationCollection", "profileCreation", "submittedVerification", "seoLocalSetup"] as const;
    await Promise.all(
      steps.map((step) =>
        app.db.transaction((tx) =>
          setProgressStep(tx, { userId: customer.id, service: "google_business", step, done: true }),
        ),
      ),
    );
    const [row] = await app.db
      .select()
      .from(googleBusinessProgress)
      .where(eq(googleBusinessProgress.userId, customer.id));
    expect(row).toMatchObject({
      informationCollection: true,
      profileCreation: true,
      submittedVerification: true,
      verificationCompleted: false,
      profileOptimization: false,
      seoLocalSetup: true,
    });
  });
});
