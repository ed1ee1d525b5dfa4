import { describe, expect, it } from "vitest";
import { LEAD_STAGES as STORED_STAGES } from "~db/schema";
import { INDUSTRIES } from "~/domain/industries";
import { LEAD_INDUSTRIES, LEAD_STAGES } from "./leads";

describe("leads", () => {
  it("knows the stages the table allows, in the same order", () => {
    expect(LEAD_STAGES).toEqual(STORED_STAGES);
  });

  it("offers the landing page's trades and 'other'", () => {
    expect(LEAD_INDUSTRIES).toEqual([...INDUSTRIES, "other"]);
  });
});
