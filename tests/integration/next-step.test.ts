import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleBusinessInfo, payments } from "~db/schema";
import { getOwnInformationSent } from "~/features/next-step/get-own-information-sent.server";
import { loader as progressLoader } from "~/routes/dashboard/progress";
import {
  expectHttpError,
  routeContext,
  signUpCustomer,
  testDatabase,
  testServices,
  type SignedIn,
  type TestDatabase,
  type TestServices,
} from "./support";

let database: TestDatabase;
let services: TestServices;
let customerA: SignedIn;
let customerB: SignedIn;

beforeAll(async () => {
  database = await testDatabase();
  services = await testServices(database);
  customerA = await signUpCustomer(services);
  customerB = await signUpCustomer(services);
});

afterAll(async () => {
  await services?.close();
  await database?.close();
});

describe("what the next-step panel reads", () => {
  it("tells each customer only whether their own information forms were sent; anonymous gets 401", async () => {
    await database.db.insert(googleBusinessInfo).values({ userId: customerA.id, legalBusinessName: "A Co" });
    expect(await getOwnInformationSent(database, customerA.user)).toEqual({ google_business: true, website: false });
    expect(await getOwnInformationSent(database, customerB.user)).toEqual({ google_business: false, website: false });
    await expectHttpError(getOwnInformationSent(database, null), 401);
  });

  it("the progress page's loader hands the panel the customer's own payments, forms and checklists", async () => {
    await database.db
      .insert(payments)
      .values({ userId: customerA.id, serviceType: "google_business", amount: 250, paymentMethod: "zelle", status: "completed" });
    const load = (user: SignedIn) =>
      progressLoader({ request: new Request("http://localhost:3000/dashboard/progress"), context: routeContext(services, user.user), params: {} } as never);
    const a = await load(customerA);
    expect(a.payments.map((payment) => payment.status)).toEqual(["completed"]);
    expect(a.informationSent).toEqual({ google_business: true, website: false });
    expect(a.cardEnabled).toBe(services.stripe !== null);
    const b = await load(customerB);
    expect(b.payments).toEqual([]);
    expect(b.informationSent).toEqual({ google_business: false, website: false });
  });
});
