import { describe, expect, it } from "vitest";
import { hotp, stepOf } from "./totp-replay.server";

describe("hotp", () => {
  it("gives RFC 4226's test values", () => {
    const secret = "12345678901234567890";
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    expect(expected.map((_, counter) => hotp(secret, counter))).toEqual(expected);
  });
});

describe("stepOf", () => {
  const secret = "12345678901234567890";
  const now = 59_000; // step 1
  it("finds the step a code belongs to, one step early or late included", () => {
    expect(stepOf(secret, "755224", now)).toBe(0);
    expect(stepOf(secret, "287082", now)).toBe(1);
    expect(stepOf(secret, "359152", now)).toBe(2);
  });
  it("gives null for a code outside the window or wrong", () => {
    expect(stepOf(secret, "969429", now)).toBeNull();
    expect(stepOf(secret, "000000", now)).toBeNull();
  });
});
