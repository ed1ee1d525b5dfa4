import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleBusinessProgress, websiteProgress } from "~db/schema";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import { signUpCustomer, testDatabase, testServices, type SignedIn, type TestDatabase, type TestServices } from "./support";

let database: TestDatabase;
let services: TestServices;
let customer: SignedIn;

beforeAll(async () => {
  database = await testDatabase();
  services = await testServices(database);
  customer = await signUpCustomer(services);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
});

const websiteRow = async () =>
  (await database.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customer.id)))[0];

describe("setProgressStep (the one progress-step writer)", () => {
  it("creates a missing website record and keeps current_step equal to the done steps", async () => {
    const first = await setProgressStep(database.db, { userId: customer.id, service: "website", step: "designLayout", done: true });
    expect(first).toEqual({ wasDone: false, changes: [{ table: "website_progress", userId: customer.id }] });
    expect(await websiteRow()).toMatchObject({ designLayout: true, clientInfoReceived: false, currentStep: 1 });

    const again = await setProgressStep(database.db, { userId: customer.id, service: "website", step: "designLayout", done: true });
    expect(again.wasDone).toBe(true);
    await setProgressStep(database.db, { userId: customer.id, service: "website", step: "designLayout", done: false });
    expect(await websiteRow()).toMatchObject({ designLayout: false, currentStep: 0 });
  });

  it("keeps both of two concurrent writes to different steps", async () => {
    const steps = ["informationCollection", "profileCreation", "submittedVerification", "seoLocalSetup"] as const;
    await Promise.all(
      steps.map((step) =>
        database.db.transaction((tx) => setProgressStep(tx, { userId: customer.id, service: "google_business", step, done: true })),
      ),
    );
    const [row] = await database.db.select().from(googleBusinessProgress).where(eq(googleBusinessProgress.userId, customer.id));
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
