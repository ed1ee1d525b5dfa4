import { describe, expect, it } from "vitest";
import { formatUsPhone, PHONE_INPUT_MAX_LENGTH, phoneDigits } from "./phone";

describe("formatUsPhone", () => {
  it.each([
    ["", ""],
    ["5", "5"],
    ["555", "555"],
    ["5551", "(555) 1"],
    ["555123", "(555) 123"],
    ["5551234", "(555) 123-4"],
    ["5551234567", "(555) 123-4567"],
  ])("formats %j as %j", (input, expected) => {
    expect(formatUsPhone(input)).toBe(expected);
  });

  it("keeps digits only and at most ten of them", () => {
    expect(formatUsPhone("(555) 123-45678999")).toBe("(555) 123-4567");
    expect(formatUsPhone("abc555def1234567")).toBe("(555) 123-4567");
  });

  it("re-formats an already formatted value as the user keeps typing", () => {
    expect(formatUsPhone("(555) 123-456")).toBe("(555) 123-456");
    expect(formatUsPhone("(555) 12")).toBe("(555) 12");
  });

  it("never exceeds the input's maximum length, the length of a formatted 10-digit number", () => {
    expect(formatUsPhone("12345678901234567890")).toHaveLength(PHONE_INPUT_MAX_LENGTH);
  });
});

describe("phoneDigits", () => {
  it("strips a formatted number back to digits", () => {
    expect(phoneDigits("(555) 123-4567")).toBe("5551234567");
    expect(phoneDigits("+1 (555) 123-4567")).toBe("15551234567");
  });
});
