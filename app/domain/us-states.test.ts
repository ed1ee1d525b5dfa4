import { describe, expect, it } from "vitest";
import { isUsStateCode, normalizeState, US_STATES } from "./us-states";

describe("US_STATES", () => {
  it("lists the 50 states and DC, each code once", () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map(([code]) => code)).size).toBe(51);
    expect(US_STATES.map(([code]) => code)).toContain("DC");
  });
});

describe("normalizeState", () => {
  it("stores a state given by its code or its name, in any case, as its code", () => {
    expect(normalizeState("FL")).toBe("FL");
    expect(normalizeState(" fl ")).toBe("FL");
    expect(normalizeState("Florida")).toBe("FL");
    expect(normalizeState("new  york")).toBe("NY");
    expect(normalizeState("District of Columbia")).toBe("DC");
  });

  it("keeps anything else as typed, so an address saved as free text stays as it was", () => {
    expect(normalizeState(" Ontario ")).toBe("Ontario");
    expect(isUsStateCode("Ontario")).toBe(false);
    expect(isUsStateCode("TX")).toBe(true);
  });
});
