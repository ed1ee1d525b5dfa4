import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/lib/auth/session";
import { loader as progressLoader } from "~/routes/dashboard/progress";
import { loader as serviceTabLoader } from "~/routes/admin/user-detail/service";
import { routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customer: SignedIn;
let admin: SignedIn;

// Reading progress fails with a real database error (its tables are gone); everything else on the pages reads for real.
beforeAll(async () => {
  customer = await app.customer();
  admin = await app.admin();
  for (const table of ["google_business_progress", "website_progress"]) {
    await app.db.execute(sql.raw(`alter table ${table} rename to ${table}_unreadable`));
  }
});

function args(user: SessionUser, path: string, params: Record<string, string> = {}) {
  return { request: new Request(new URL(path, SITE_URL)), context: routeContext(app.services, user), params } as never;
}

describe("when progress cannot be read", () => {
  it("the customer's page still loads its payments, and says the progress failed to load", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const loaded = await progressLoader(args(customer.user, "/dashboard/progress"));
    expect(loaded).toEqual({
      title: "Construction Progress",
      payments: [],
      informationSent: { google_business: false, website: false },
      waitingRounds: { google_business: null, website: null },
      reviewCards: [],
      progress: { ok: false },
      cardEnabled: app.services.stripe !== null,
    });
    expect(logged).toHaveBeenCalledWith("Failed to load progress data:", expect.any(Error));
    logged.mockRestore();
  });

  it("the admin's service tab still loads the customer's information, rounds and files, and says the progress failed to load", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [tab, service] of [
      ["google-business", "google_business"],
      ["website", "website"],
    ] as const) {
      const loaded = await serviceTabLoader(
        args(admin.user, `/admin/users/${customer.id}/${tab}`, { userId: customer.id }),
      );
      expect(loaded).toEqual({ information: { service, info: null }, progress: { ok: false }, rounds: [], files: [] });
    }
    expect(logged).toHaveBeenCalledWith("Failed to load progress:", expect.any(Error));
    logged.mockRestore();
  });
});
