import { describe, expect, it } from "vitest";
import { LEAD_STAGES as STORED_STAGES } from "~db/schema";
import { INDUSTRIES } from "~/domain/industries";
import { LEAD_INDUSTRIES, LEAD_STAGES, leadChanges } from "./leads";

describe("leads", () => {
  it("knows the stages the table allows, in the same order", () => {
    expect(LEAD_STAGES).toEqual(STORED_STAGES);
  });

  it("offers the landing page's trades and 'other'", () => {
    expect(LEAD_INDUSTRIES).toEqual([...INDUSTRIES, "other"]);
  });
});

describe("leadChanges", () => {
  it("names the assigned member, or the lead itself when nobody has it", () => {
    expect(leadChanges({ id: "lead-1", assignedTo: null })).toEqual([{ table: "leads", userId: "lead-1" }]);
    expect(leadChanges({ id: "lead-1", assignedTo: "staff-1" })).toEqual([{ table: "leads", userId: "staff-1" }]);
  });

  it("tells the member who had a reassigned lead", () => {
    expect(leadChanges({ id: "lead-1", assignedTo: "staff-2" }, "staff-1")).toEqual([
      { table: "leads", userId: "staff-2" },
      { table: "leads", userId: "staff-1" },
    ]);
    expect(leadChanges({ id: "lead-1", assignedTo: null }, "staff-1")).toEqual([
      { table: "leads", userId: "lead-1" },
      { table: "leads", userId: "staff-1" },
    ]);
  });
});
