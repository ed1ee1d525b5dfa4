import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, profiles } from "~db/schema";
import { CUSTOMERS_PER_PAGE, type CustomerListQuery } from "~/features/users/customer-list-query";
import { exportCustomersCsv } from "~/features/users/export-customers-csv.server";
import { listCustomers } from "~/features/users/list-customers.server";
import type { SessionUser } from "~/lib/auth/session";
import { i18nFor } from "~/lib/i18n/instances.server";
import { loader as exportLoader } from "~/routes/admin/customers-csv";
import { seedCustomers, seededCustomer } from "../../db/seed-customers.js";
import { routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

/** More than the list's page of 50, so the file is seen to hold every page. */
const SEEDED = 75;

const HEADER = ["Name", "Email", "Phone", "Company", "Status", "Assigned to", "Registration Date", "Activity"];

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let staffA: SignedIn;
let admin: SignedIn;
let staffName: string;

/** The export route as a request runs it (past the back office's guard, which the authorization matrix walks). */
async function download(user: SessionUser | null, query = ""): Promise<Response> {
  const request = new Request(`${SITE_URL}/admin/customers.csv${query}`);
  return (await exportLoader({ request, context: routeContext(app.services, user), params: {} } as never)) as Response;
}

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += char;
  }
  expect(cell === "" && record.length === 0, "the file ends with a whole record").toBe(true);
  return records;
}

/** The file's records, after its UTF-8 byte-order mark (which response.text() would drop unseen). */
async function records(response: Response): Promise<string[][]> {
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder("utf-8").decode(bytes.subarray(3)));
}

/** Every page of the list for a query, as the page shows them: the e-mails in order. */
async function listedEmails(changes: Partial<CustomerListQuery>): Promise<string[]> {
  const emails: string[] = [];
  for (let page = 1; ; page++) {
    const list = await listCustomers(app.database, admin.user, {
      search: "",
      activity: null,
      assigned: null,
      plan: null,
      ...changes,
      page,
    });
    emails.push(...list.customers.map((customer) => customer.email));
    if (page >= list.pageCount) return emails;
  }
}

async function exportAudits() {
  return app.db.select().from(auditEvents).where(eq(auditEvents.action, "customers.export"));
}

beforeAll(async () => {
  await seedCustomers((text: string, params: unknown[]) => app.database.pool.query(text, params), {
    count: SEEDED,
    prefix: "csv",
  });
  customerA = await app.customer({ name: "Ana Export", companyName: "Roofing, Inc.", phone: "(555) 010-2030" });
  customerB = await app.customer({ name: "Blair Export", companyName: null });
  staffA = await app.staff([customerA.id]);
  [{ staffName }] = (await app.db
    .select({ staffName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, staffA.id))) as [{ staffName: string }];
  admin = await app.admin();
});

describe("the customer list's CSV export", () => {
  it("gives an admin every customer (past the list's page of 50), newest first, the team left out, as a private download", async () => {
    const response = await download(admin.user);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const [header, ...rows] = await records(response);
    expect(header).toEqual(HEADER);
    expect(rows.length).toBe(SEEDED + 2);
    expect(rows.length).toBeGreaterThan(CUSTOMERS_PER_PAGE);
    // The list's own order over all its pages; the staff member and the admin are not customers.
    expect(rows.map((row) => row[1])).toEqual(await listedEmails({}));
    expect(rows.map((row) => row[1])).not.toContain(staffA.email);
    expect(rows.map((row) => row[1])).not.toContain(admin.email);

    const today = new Date().toISOString().slice(0, 10);
    expect(rows[0]).toEqual([
      "Blair Export",
      customerB.email,
      "(555) 123-4567",
      "",
      "Not paid yet",
      "",
      today,
      "Inactive",
    ]);
    expect(rows[1]).toEqual([
      "Ana Export",
      customerA.email,
      "(555) 010-2030",
      "Roofing, Inc.",
      "Not paid yet",
      staffName,
      today,
      "Inactive",
    ]);
    // Seeded customer 1: Google verified with its local SEO (Active) and paid; customer 2 In Progress.
    const one = seededCustomer(1, "csv");
    expect(rows[2]).toEqual([
      one.fullName,
      one.email,
      one.phone,
      one.companyName,
      "Google Business: paid · 6/6 steps",
      "",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      "Active",
    ]);
    expect(rows[3]![7]).toBe("In Progress");
  });

  it("follows the list's search, counter filter and 'Assigned to' filter, as the page's address gives them", async () => {
    const search = async (query: string) =>
      (await records(await download(admin.user, query))).slice(1).map((row) => row[1]);
    // A name, a phone by its digits, a company: the same customers as the list, over all its pages.
    expect(await search("?q=csv7")).toEqual(await listedEmails({ search: "csv7" }));
    // csv7 and csv70 to csv75.
    expect(await search("?q=csv7")).toHaveLength(7);
    expect(await search("?q=5550102030")).toEqual([customerA.email]);
    expect(await search(`?q=${encodeURIComponent("Roofing, Inc")}`)).toEqual([customerA.email]);
    const active = await records(await download(admin.user, "?status=active"));
    expect(active.slice(1).map((row) => row[1])).toEqual(await listedEmails({ activity: "active" }));
    expect(new Set(active.slice(1).map((row) => row[7]))).toEqual(new Set(["Active"]));
    expect(await search("?status=inactive&q=Export")).toEqual([customerB.email, customerA.email]);
    expect(await search(`?assigned=${staffA.id}`)).toEqual([customerA.email]);
    const unassigned = await search("?assigned=none&q=Export");
    expect(unassigned).toEqual([customerB.email]);
    // A page in the address (a link copied from page 2) does not cut the file: every page is exported.
    expect(await search("?q=csv&page=2")).toHaveLength(SEEDED);
  });

  it("never lets a cell run as a formula, and quotes what needs quoting", async () => {
    await app.db
      .update(profiles)
      .set({ fullName: '=HYPERLINK("http://evil.test","Click")', companyName: "@SUM(A1)" })
      .where(eq(profiles.id, customerB.id));
    try {
      const csv = async (query: string) =>
        new TextDecoder().decode((await (await download(admin.user, query)).arrayBuffer()).slice(3)).split("\r\n");
      const today = new Date().toISOString().slice(0, 10);
      expect((await csv(`?q=${encodeURIComponent(customerB.email)}`))[1]).toBe(
        `"'=HYPERLINK(""http://evil.test"",""Click"")",${customerB.email},(555) 123-4567,'@SUM(A1),Not paid yet,,${today},Inactive`,
      );
      expect((await csv("?q=Ana%20Export"))[1]).toBe(
        `Ana Export,${customerA.email},(555) 010-2030,"Roofing, Inc.",Not paid yet,${staffName},${today},Inactive`,
      );
    } finally {
      await app.db
        .update(profiles)
        .set({ fullName: "Blair Export", companyName: null })
        .where(eq(profiles.id, customerB.id));
    }
  });

  it("writes the header and the list's words in the admin's language (UTF-8 with a BOM, for Excel's accents)", async () => {
    const [header, ...rows] = await records(await download({ ...admin.user, language: "es" }, "?q=csv1&status=active"));
    expect(header).toEqual([
      "Nombre",
      "Correo electrónico",
      "Teléfono",
      "Empresa",
      "Estado",
      "Asignado a",
      "Fecha de registro",
      "Actividad",
    ]);
    expect(rows[0]![4]).toBe("Google Business: pagado · 6/6 pasos");
    expect(rows[0]![7]).toBe("Activo");
  });

  it("reads in batches by (created_at, id): every customer once, ties to the microsecond included", async () => {
    // Five customers registered at the very same instant, five others microseconds apart.
    for (let i = 10; i < 20; i++) {
      const microseconds = i < 15 ? "000007" : `00000${i - 14}`;
      await app.db.execute(
        sql`update profiles set created_at = ${`2025-01-01 09:00:00.${microseconds}+00`}::timestamptz where email = ${seededCustomer(i, "csv").email}`,
      );
    }
    const exported = await exportCustomersCsv(app.services, admin.user, new URLSearchParams("q=csv"), i18nFor("en"), {
      batchSize: 4,
    });
    const chunks: string[] = [];
    for await (const chunk of exported.chunks) chunks.push(chunk);
    // The header, then batches of four (the last one short): the list is never read at once.
    expect(chunks).toHaveLength(1 + Math.ceil(SEEDED / 4));
    const emails = parseCsv(chunks.join("").slice(1))
      .slice(1)
      .map((row) => row[1]);
    expect(emails).toHaveLength(SEEDED);
    expect(new Set(emails).size).toBe(SEEDED);
    expect(emails).toEqual(await listedEmails({ search: "csv" }));
  });

  it("is audited with the filter it used, never the search's text", async () => {
    await app.db.delete(auditEvents).where(eq(auditEvents.action, "customers.export"));
    await records(
      await download(admin.user, `?q=${encodeURIComponent(customerA.email)}&status=inactive&assigned=${staffA.id}`),
    );
    const [event] = await exportAudits();
    expect(event).toMatchObject({
      actorId: admin.id,
      customerId: null,
      detail: { searched: true, status: "inactive", assigned: staffA.id },
    });
    expect(JSON.stringify(event!.detail)).not.toContain(customerA.email);
    await records(await download(admin.user));
    expect((await exportAudits()).map((row) => row.detail)).toContainEqual({
      searched: false,
      status: null,
      assigned: null,
      plan: null,
    });
  });

  it("refuses a search or filter it cannot read with 400 and the reason in the admin's language, and exports nothing", async () => {
    const response = await download(admin.user, "?status=sleeping");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      error: {
        code: "invalid_request",
        message: "Unknown filter: choose Total Users, Active, Inactive or In Progress",
      },
    });
    const long = await download({ ...admin.user, language: "es" }, `?q=${"a".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toMatch(/100/);
  });

  it("is for admins only (bulk personal data): staff and customers 403, visitors 401, and nothing is audited for them", async () => {
    await app.db.delete(auditEvents).where(eq(auditEvents.action, "customers.export"));
    for (const [user, status] of [
      [staffA.user, 403],
      [customerA.user, 403],
      [null, 401],
    ] as const) {
      const response = await download(user, "?q=Export");
      expect(response.status).toBe(status);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const text = await response.text();
      expect(text).not.toContain("Ana Export");
      expect(text).not.toContain(customerA.email);
    }
    expect(
      await app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "customers.export"))),
    ).toEqual([]);
  });
});
