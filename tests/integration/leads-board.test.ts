import { and, desc, eq } from "drizzle-orm";
import { setupI18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leadEvents, leads } from "~db/schema";
import { addLeadNote } from "~/features/leads/add-lead-note.server";
import { assignLead } from "~/features/leads/assign-lead.server";
import { changeLeadStage } from "~/features/leads/change-lead-stage.server";
import { deleteLead } from "~/features/leads/delete-lead.server";
import { exportLeadsCsv } from "~/features/leads/export-leads-csv.server";
import { getLead } from "~/features/leads/get-lead.server";
import { listLeads } from "~/features/leads/list-leads.server";
import { AppError } from "~/lib/http/app-error";
import type { SignedIn } from "./support";
import { testApp } from "./test-app";

/**
 * The back office's leads: the list and a lead's page (admins every lead, a staff member theirs, anyone else refused),
 * the stage (Lost with its reason), notes, the assignment, the deletion and the CSV, each audited and published.
 */

const app = testApp();
let admin: SignedIn;
let staff: SignedIn;
let otherStaff: SignedIn;
let customer: SignedIn;

const english = setupI18n({ locale: "en", messages: { en: {} } });
const FIRST_PAGE = { search: "", stage: null, page: 1 } as const;

async function lead(values: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
  const [row] = await app.db
    .insert(leads)
    .values({
      name: "Rosa Díaz",
      email: `rosa-${crypto.randomUUID()}@example.test`,
      industry: "roofing",
      wants: "both",
      contactPreference: "call",
      language: "es",
      consentedAt: new Date(),
      ...values,
    })
    .returning({ id: leads.id });
  await app.db.insert(leadEvents).values({ leadId: row!.id, kind: "received", detail: { message: "Hola" } });
  return row!.id;
}

const refusedWith = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
};

const lastAudit = async () => {
  const [row] = await app.db.select().from(auditEvents).orderBy(desc(auditEvents.createdAt)).limit(1);
  return row;
};

beforeAll(async () => {
  admin = await app.admin();
  staff = await app.staff();
  otherStaff = await app.staff();
  customer = await app.customer();
}, 60_000);

describe("the Leads list", () => {
  it("shows an admin every lead newest first, a staff member theirs, and refuses customers and visitors", async () => {
    const older = await lead({ name: "Older Lead", createdAt: new Date(Date.now() - 60_000) });
    const mine = await lead({ name: "Staff Lead", assignedTo: staff.id });
    const all = await listLeads(app.services, admin.user, FIRST_PAGE);
    expect(all.leads.map((row) => row.id).slice(0, 2)).toEqual([mine, older]);
    const theirs = await listLeads(app.services, staff.user, FIRST_PAGE);
    expect(theirs.leads.map((row) => row.id)).toEqual([mine]);
    expect((await listLeads(app.services, otherStaff.user, FIRST_PAGE)).leads).toEqual([]);
    expect(await refusedWith(listLeads(app.services, customer.user, FIRST_PAGE))).toBe("forbidden");
    expect(await refusedWith(listLeads(app.services, null, FIRST_PAGE))).toBe("not_signed_in");
  });

  it("searches name, business, e-mail and phone, filters by stage and counts each stage over the search", async () => {
    const found = await lead({ name: "Zed Searchable", businessName: "Zed Roofing", phone: "5125550199" });
    await lead({ name: "Zed Lost", stage: "lost", lostReason: "Too far" });
    const byName = await listLeads(app.services, admin.user, { ...FIRST_PAGE, search: "zed" });
    expect(byName.total).toBe(2);
    expect(byName.stages).toMatchObject({ new: 1, lost: 1 });
    const byPhone = await listLeads(app.services, admin.user, { ...FIRST_PAGE, search: "(512) 555-0199" });
    expect(byPhone.leads.map((row) => row.id)).toEqual([found]);
    const lost = await listLeads(app.services, admin.user, { ...FIRST_PAGE, search: "zed", stage: "lost" });
    expect(lost.leads.map((row) => row.name)).toEqual(["Zed Lost"]);
    // A search's % and _ are matched as themselves.
    expect((await listLeads(app.services, admin.user, { ...FIRST_PAGE, search: "%" })).total).toBe(0);
  });
});

describe("a lead's page", () => {
  it("shows the lead and its timeline to an admin and its member; another member and a missing lead are 404", async () => {
    const id = await lead({ assignedTo: staff.id, source: { utmSource: "facebook", referrer: "facebook.com" } });
    const page = await getLead(app.services, staff.user, id);
    expect(page).toMatchObject({ id, stage: "new", source: { utmSource: "facebook" } });
    expect(page.timeline).toMatchObject([{ kind: "received", detail: { message: "Hola" }, actorName: null }]);
    expect((await getLead(app.services, admin.user, id)).id).toBe(id);
    expect(await refusedWith(getLead(app.services, otherStaff.user, id))).toBe("lead_not_found");
    expect(await refusedWith(getLead(app.services, admin.user, crypto.randomUUID()))).toBe("lead_not_found");
    expect(await refusedWith(getLead(app.services, admin.user, "not-a-uuid"))).toBe("lead_not_found");
    expect(await refusedWith(getLead(app.services, customer.user, id))).toBe("forbidden");
    expect(await refusedWith(getLead(app.services, null, id))).toBe("not_signed_in");
  });
});

describe("working a lead", () => {
  it("moves the stage, audited and published for the member who has it; Lost needs its reason", async () => {
    const id = await lead({ assignedTo: staff.id });
    await app.deliveredChanges();
    await changeLeadStage(app.services, staff.user, { leadId: id, stage: "contacted" });
    expect(await app.deliveredChanges()).toEqual([{ table: "leads", userId: staff.id }]);
    expect(await lastAudit()).toMatchObject({
      actorId: staff.id,
      action: "lead.stage",
      detail: { leadId: id, from: "new", to: "contacted" },
    });
    expect(await refusedWith(changeLeadStage(app.services, staff.user, { leadId: id, stage: "lost" }))).toBe(
      "lost_reason_required",
    );
    await changeLeadStage(app.services, admin.user, { leadId: id, stage: "lost", lostReason: "Chose another agency" });
    const page = await getLead(app.services, admin.user, id);
    expect(page).toMatchObject({ stage: "lost", lostReason: "Chose another agency" });
    expect(page.timeline.filter((entry) => entry.kind === "stage").map((entry) => entry.detail)).toEqual([
      { from: "new", to: "contacted" },
      { from: "contacted", to: "lost", reason: "Chose another agency" },
    ]);
    // Out of Lost, the reason goes.
    await changeLeadStage(app.services, admin.user, { leadId: id, stage: "quote_sent" });
    expect((await getLead(app.services, admin.user, id)).lostReason).toBeNull();
    expect(await refusedWith(changeLeadStage(app.services, otherStaff.user, { leadId: id, stage: "won" }))).toBe(
      "lead_not_found",
    );
    expect(await refusedWith(changeLeadStage(app.services, customer.user, { leadId: id, stage: "won" }))).toBe(
      "forbidden",
    );
  });

  it("adds a note with its author; an empty note is refused", async () => {
    const id = await lead({ assignedTo: staff.id });
    await addLeadNote(app.services, staff.user, { leadId: id, note: "  Called, call back Friday  " });
    const notes = (await getLead(app.services, admin.user, id)).timeline.filter((entry) => entry.kind === "note");
    expect(notes).toMatchObject([{ detail: { note: "Called, call back Friday" } }]);
    expect(notes[0]!.actorName).toBeTruthy();
    expect(await refusedWith(addLeadNote(app.services, staff.user, { leadId: id, note: "   " }))).toBe(
      "lead_note_required",
    );
    expect(await refusedWith(addLeadNote(app.services, otherStaff.user, { leadId: id, note: "Hi" }))).toBe(
      "lead_not_found",
    );
  });

  it("lets an admin give a lead to an active member: the one who had it loses it, both hear of it", async () => {
    const id = await lead({ assignedTo: staff.id });
    await app.deliveredChanges();
    await assignLead(app.services, admin.user, { leadId: id, memberId: otherStaff.id });
    expect(await app.deliveredChanges()).toEqual([
      { table: "leads", userId: otherStaff.id },
      { table: "leads", userId: staff.id },
    ]);
    expect(await refusedWith(getLead(app.services, staff.user, id))).toBe("lead_not_found");
    expect((await getLead(app.services, otherStaff.user, id)).assignedTo).toBe(otherStaff.id);
    expect(await refusedWith(assignLead(app.services, admin.user, { leadId: id, memberId: customer.id }))).toBe(
      "member_not_active",
    );
    expect(await refusedWith(assignLead(app.services, otherStaff.user, { leadId: id, memberId: null }))).toBe(
      "forbidden",
    );
    await assignLead(app.services, admin.user, { leadId: id, memberId: null });
    expect(await lastAudit()).toMatchObject({ action: "lead.assign", detail: { leadId: id, memberId: null } });
  });

  it("lets only an admin delete a lead, its timeline with it; the audit keeps only its id", async () => {
    const id = await lead({ assignedTo: staff.id });
    expect(await refusedWith(deleteLead(app.services, staff.user, { leadId: id }))).toBe("forbidden");
    await deleteLead(app.services, admin.user, { leadId: id });
    expect(await app.db.select().from(leads).where(eq(leads.id, id))).toEqual([]);
    expect(await app.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: "lead.delete", detail: { leadId: id } });
  });
});

describe("the leads CSV", () => {
  it("is the admins' alone, follows the list's search and stage, and never runs a formula a visitor typed", async () => {
    await lead({ name: '=HYPERLINK("http://evil")', businessName: "Csv Roofing", stage: "quote_sent" });
    await lead({ name: "Csv Other", businessName: "Csv Roofing" });
    const exported = await exportLeadsCsv(
      app.services,
      admin.user,
      new URLSearchParams("q=csv roofing&stage=quote_sent"),
      english,
    );
    const lines = exported.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Received,Stage,Name");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain("Quote sent");
    expect(await lastAudit()).toMatchObject({
      action: "leads.export",
      detail: { searched: true, stage: "quote_sent" },
    });
    expect(await refusedWith(exportLeadsCsv(app.services, staff.user, new URLSearchParams(), english))).toBe(
      "forbidden",
    );
    expect(
      await refusedWith(exportLeadsCsv(app.services, admin.user, new URLSearchParams("stage=maybe"), english)),
    ).toBe("invalid_request");
  });
});

describe("the audit rows", () => {
  it("name the lead by its id alone", async () => {
    const rows = await app.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "lead.stage")));
    for (const row of rows) expect(Object.keys(row.detail).sort()).toEqual(["from", "leadId", "to"]);
  });
});
