import { randomUUID } from "node:crypto";
import { count, desc, sql, type SQLWrapper } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { googleBusinessInfo, googleBusinessProgress, profiles, user, websiteProgress } from "~db/schema";
import { CUSTOMERS_PER_PAGE, type CustomerListQuery } from "~/features/users/customer-list-query";
import { listCustomers, searchCondition } from "~/features/users/list-customers.server";
import type { CustomerActivity } from "~/features/users/user-counters";
import { expectedMix, seedCustomers, seededCustomer } from "../../db/seed-customers.js";
import { expectHttpError, makeAdmin, testDatabase, testServices, type SignedIn } from "./support";
import { testApp } from "./test-app";

/** Enough for three pages: 50, 50 and 20. */
const SEEDED = 120;

const app = testApp();
let admin: SignedIn;
let customer: SignedIn;

const query = (changes: Partial<CustomerListQuery>): CustomerListQuery => ({
  search: "",
  activity: null,
  assigned: null,
  plan: null,
  page: 1,
  ...changes,
});
const list = (changes: Partial<CustomerListQuery> = {}) => listCustomers(app.database, admin.user, query(changes));
const names = async (changes: Partial<CustomerListQuery>) => (await list(changes)).customers.map((row) => row.fullName);

beforeAll(async () => {
  admin = await app.admin();
  // A customer who signed up the ordinary way: the newest of all, for the authorization checks.
  customer = await app.customer({ name: "Real Signup" });
  await seedCustomers((text: string, params: unknown[]) => app.database.pool.query(text, params), {
    count: SEEDED,
    prefix: "scale",
  });
});

describe("the admin customer list at scale", () => {
  it("refuses anonymous (401) and a customer (403), whatever the search or filter", async () => {
    await expectHttpError(listCustomers(app.database, null, query({ search: "scale" })), 401);
    await expectHttpError(listCustomers(app.database, customer.user, query({ activity: "active" })), 403);
    await expectHttpError(listCustomers(app.database, customer.user, query({})), 403);
  });

  it("pages 50 at a time, newest first, with the total and the page count; a page past the end shows the last", async () => {
    const first = await list();
    expect(first.total).toBe(SEEDED + 1);
    expect(first.pageCount).toBe(3);
    expect(first.customers).toHaveLength(CUSTOMERS_PER_PAGE);
    expect(first.customers[0]!.fullName).toBe("Real Signup");
    expect(first.customers[1]!.fullName).toBe(seededCustomer(1, "scale").fullName);
    expect(first.customers.map((row) => row.id)).not.toContain(admin.id);

    const second = await list({ page: 2 });
    expect(second.query.page).toBe(2);
    // Seeded customer i is the (i+1)th newest; page 2 holds the 51st to the 100th.
    expect(second.customers.map((row) => row.fullName)).toEqual(
      Array.from({ length: 50 }, (_, n) => seededCustomer(50 + n, "scale").fullName),
    );
    const third = await list({ page: 3 });
    expect(third.customers).toHaveLength(SEEDED + 1 - 100);

    const beyond = await list({ page: 40 });
    expect(beyond.query.page).toBe(3);
    expect(beyond.customers.map((row) => row.id)).toEqual(third.customers.map((row) => row.id));
  });

  it("computes the counters in one query, matching the inserted rows, and reuses them until something is written", async () => {
    const spy = vi.spyOn(app.database.pool, "query");
    /** The snapshot the last list read its counters under (the spy holds what each query answered). */
    const listedUnder = async (): Promise<string> => {
      const at = spy.mock.calls.findIndex(([query]) => JSON.stringify(query).includes("pg_current_snapshot"));
      const answer = (await spy.mock.results[at]!.value) as { rows: { snapshot: string }[] };
      return answer.rows[0]!.snapshot;
    };
    try {
      // A write first, so the counters are counted afresh: the snapshot, the counters, the page.
      await app.db.update(profiles).set({ phone: "(555) 000-0000" }).where(sql`${profiles.email} = ${customer.email}`);
      spy.mockClear();
      const { counters } = await list({ page: 2 });
      const mix = expectedMix(SEEDED);
      // The customer who signed up has no records: one more inactive.
      expect(counters).toEqual({ ...mix, total: mix.total + 1, inactive: mix.inactive + 1 });
      expect(spy).toHaveBeenCalledTimes(3);
      const countersQuery = spy.mock.calls
        .map(([query]) => JSON.stringify(query))
        .filter((text) => text.includes("filter (where"));
      expect(countersQuery).toHaveLength(1);
      const counted = await listedUnder();

      // Nothing written since: the same counters without counting (the snapshot and the page only). The snapshot is
      // the server's: on PostgreSQL the other test files' databases, on the same server, commit meanwhile, and a
      // snapshot moved on is counted again, as a write of this database's would be.
      spy.mockClear();
      expect((await list({ page: 3 })).counters).toEqual(counters);
      expect(spy).toHaveBeenCalledTimes((await listedUnder()) === counted ? 2 : 3);

      // A committed write (here a progress record, as the admin's toggle writes one) is counted at once.
      await app.db
        .insert(googleBusinessProgress)
        .values({ userId: customer.id, verificationCompleted: true, seoLocalSetup: true });
      spy.mockClear();
      expect((await list()).counters).toEqual({
        ...counters,
        active: counters.active + 1,
        inactive: counters.inactive - 1,
      });
      expect(spy).toHaveBeenCalledTimes(3);
      await app.db.delete(googleBusinessProgress).where(sql`${googleBusinessProgress.userId} = ${customer.id}`);
      expect((await list()).counters).toEqual(counters);
    } finally {
      spy.mockRestore();
    }
  });

  it("filters by each counter state, with that counter as the total and every row in that state", async () => {
    const { counters } = await list();
    const byState: [CustomerActivity, number][] = [
      ["active", counters.active],
      ["inactive", counters.inactive],
      ["in_progress", counters.inProgress],
    ];
    for (const [activity, expected] of byState) {
      const page = await list({ activity });
      expect(page.total, activity).toBe(expected);
      expect(page.customers.length).toBe(Math.min(expected, CUSTOMERS_PER_PAGE));
      expect(new Set(page.customers.map((row) => row.activity))).toEqual(new Set([activity]));
      // Active ones are customers 1, 5, 9, ... (i % 4 == 1), newest first.
      if (activity === "active") expect(page.customers[1]!.fullName).toBe(seededCustomer(5, "scale").fullName);
    }
    const secondActive = await list({ activity: "inactive", page: 2 });
    expect(secondActive.customers.every((row) => row.activity === "inactive")).toBe(true);
    expect(secondActive.customers).toHaveLength(counters.inactive - CUSTOMERS_PER_PAGE);
  });

  it("searches by name, e-mail, company and phone (formatted or digits only), ignoring case", async () => {
    const target = seededCustomer(37, "scale");
    expect(await names({ search: "scale37" })).toEqual([target.fullName]);
    expect(await names({ search: target.fullName.toUpperCase() })).toEqual([target.fullName]);
    expect(await names({ search: target.email })).toEqual([target.fullName]);
    expect(await names({ search: target.companyName!.toLowerCase() })).toEqual([target.fullName]);
    expect(await names({ search: target.phone! })).toEqual([target.fullName]);
    expect(await names({ search: target.phone!.replace(/\D/g, "") })).toEqual([target.fullName]);
    // Part of a name: every Garcia, with the total counted.
    const garcias = await list({ search: "garcia" });
    expect(garcias.total).toBeGreaterThan(1);
    expect(garcias.customers.every((row) => row.fullName.includes("Garcia"))).toBe(true);
    expect(garcias.total).toBe(garcias.customers.length);
  });

  it("combines the search and the filter, pages a search, and treats % and _ as plain characters", async () => {
    const matches = await list({ search: "scale" });
    expect(matches.total).toBe(SEEDED);
    expect(matches.pageCount).toBe(3);
    expect((await list({ search: "scale", page: 3 })).customers).toHaveLength(SEEDED - 100);
    expect((await list({ search: "scale", page: 9 })).query.page).toBe(3);

    const activeScale = await list({ search: "scale", activity: "active" });
    expect(activeScale.total).toBe(expectedMix(SEEDED).active);
    expect(activeScale.customers.every((row) => row.activity === "active")).toBe(true);

    expect((await list({ search: "%" })).total).toBe(0);
    expect((await list({ search: "scale_customer" })).total).toBe(0);
    const nothing = await list({ search: "no such customer anywhere" });
    expect(nothing).toMatchObject({ total: 0, pageCount: 1, customers: [] });
  });
});

describe("the indexes the list needs", () => {
  /** The plan of a query with sequential scans made a last resort, as on a table too big to scan. */
  async function plan(query: SQLWrapper): Promise<string> {
    return app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute(sql`explain ${query}`);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
  }

  it("the search reads the trigram index (its expression matches the index's), the order the registration index", async () => {
    expect(await plan(app.db.select({ n: count() }).from(profiles).where(searchCondition("garcia")))).toContain(
      "profiles_search_idx",
    );
    expect(await plan(app.db.select({ n: count() }).from(profiles).where(searchCondition("555 100-0037")))).toContain(
      "profiles_search_idx",
    );
    expect(
      await plan(
        app.db
          .select({ id: profiles.id })
          .from(profiles)
          .orderBy(desc(profiles.createdAt), desc(profiles.id))
          .limit(50),
      ),
    ).toContain("profiles_created_at_id_idx");
  });
});

describe("the counter rule, as the database applies it", () => {
  /** A customer with the given records, one for every case of the rule (user-counters.ts). */
  const cases: {
    name: string;
    google?: { verificationCompleted: boolean; seoLocalSetup: boolean };
    website?: { websiteLaunch: boolean };
    googleInfo?: boolean;
    expected: CustomerActivity;
  }[] = [
    { name: "no records", expected: "inactive" },
    { name: "Google information only", googleInfo: true, expected: "in_progress" },
    {
      name: "Google record, nothing done",
      google: { verificationCompleted: false, seoLocalSetup: false },
      expected: "in_progress",
    },
    {
      name: "Google verified only",
      google: { verificationCompleted: true, seoLocalSetup: false },
      expected: "in_progress",
    },
    {
      name: "Google local SEO only",
      google: { verificationCompleted: false, seoLocalSetup: true },
      expected: "in_progress",
    },
    {
      name: "Google verified and local SEO",
      google: { verificationCompleted: true, seoLocalSetup: true },
      expected: "active",
    },
    { name: "website not launched", website: { websiteLaunch: false }, expected: "in_progress" },
    { name: "website launched", website: { websiteLaunch: true }, expected: "active" },
    {
      name: "website launched, Google unfinished, Google information",
      google: { verificationCompleted: false, seoLocalSetup: false },
      website: { websiteLaunch: true },
      googleInfo: true,
      expected: "active",
    },
  ];

  it("gives each combination of records its state, in the rows, the filter and the counters alike", async () => {
    // A database of its own: the counters must count these rows alone, not the file's seeded customers.
    const rule = await testDatabase();
    const ruleServices = await testServices(rule);
    try {
      const ruleAdmin = await makeAdmin(ruleServices);
      const ids = new Map<string, string>();
      for (const [i, entry] of cases.entries()) {
        const id = randomUUID();
        ids.set(entry.name, id);
        const createdAt = new Date(Date.parse("2026-03-01T10:00:00Z") + i * 60_000);
        await rule.db.insert(user).values({ id, name: entry.name, email: `rule-${i}@example.com` });
        await rule.db.insert(profiles).values({ id, fullName: entry.name, email: `rule-${i}@example.com`, createdAt });
        if (entry.google) await rule.db.insert(googleBusinessProgress).values({ userId: id, ...entry.google });
        if (entry.website) await rule.db.insert(websiteProgress).values({ userId: id, ...entry.website });
        if (entry.googleInfo) await rule.db.insert(googleBusinessInfo).values({ userId: id, legalBusinessName: "LLC" });
      }
      const all = await listCustomers(rule, ruleAdmin.user);
      const stateOf = new Map(all.customers.map((row) => [row.id, row.activity]));
      for (const entry of cases) expect(stateOf.get(ids.get(entry.name)!), entry.name).toBe(entry.expected);

      const count = (state: CustomerActivity) => cases.filter((entry) => entry.expected === state).length;
      expect(all.counters).toEqual({
        total: cases.length,
        active: count("active"),
        inactive: count("inactive"),
        inProgress: count("in_progress"),
      });
      for (const state of ["active", "inactive", "in_progress"] as const) {
        const filtered = await listCustomers(rule, ruleAdmin.user, query({ activity: state }));
        expect(filtered.customers.map((row) => row.fullName).sort(), state).toEqual(
          cases
            .filter((entry) => entry.expected === state)
            .map((entry) => entry.name)
            .sort(),
        );
      }
    } finally {
      await ruleServices.close();
      await rule.close();
    }
  });
});
