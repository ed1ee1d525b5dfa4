import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it("takes the first letters of up to two words, uppercased", () => {
    expect(initials("ann lee")).toBe("AL");
    expect(initials("Mary Jane Watson")).toBe("MJ");
    expect(initials("  cher  ")).toBe("C");
  });

  it("is empty without a name, so callers choose their fallback", () => {
    expect(initials("")).toBe("");
    expect(initials("   ")).toBe("");
    expect(initials(null)).toBe("");
  });
});
