import { beforeAll, describe, expect, it } from "vitest";
import { googleBusinessInfo } from "~db/schema";
import { getOwnInformationSent } from "~/features/next-step/get-own-information-sent.server";
import { loader as progressLoader } from "~/routes/dashboard/progress";
import { expectHttpError, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;

beforeAll(async () => {
  customerA = await app.customer();
  customerB = await app.customer();
});

describe("what the next-step panel reads", () => {
  it("tells each customer only whether their own information forms were sent; anonymous gets 401", async () => {
    await app.db.insert(googleBusinessInfo).values({ userId: customerA.id, legalBusinessName: "A Co" });
    expect(await getOwnInformationSent(app.database, customerA.user)).toEqual({
      google_business: true,
      website: false,
    });
    expect(await getOwnInformationSent(app.database, customerB.user)).toEqual({
      google_business: false,
      website: false,
    });
    await expectHttpError(getOwnInformationSent(app.database, null), 401);
  });

  it("the progress page's loader hands the panel the customer's own payments, forms and checklists", async () => {
    await app.payment(customerA.id, { status: "completed" });
    const load = (user: SignedIn) =>
      progressLoader({
        request: new Request(`${SITE_URL}/dashboard/progress`),
        context: routeContext(app.services, user.user),
        params: {},
      } as never);
    const a = await load(customerA);
    expect(a.payments.map((payment) => payment.status)).toEqual(["completed"]);
    expect(a.informationSent).toEqual({ google_business: true, website: false });
    expect(a.cardEnabled).toBe(app.services.stripe !== null);
    const b = await load(customerB);
    expect(b.payments).toEqual([]);
    expect(b.informationSent).toEqual({ google_business: false, website: false });
  });
});
