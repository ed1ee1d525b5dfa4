import { describe, expect, it } from "vitest";
import { canSeeChange } from "./realtime";

describe("canSeeChange", () => {
  const change = { table: "notifications", userId: "a" };

  it("lets owners see their own rows only", () => {
    expect(canSeeChange({ userId: "a", isAdmin: false }, change)).toBe(true);
    expect(canSeeChange({ userId: "b", isAdmin: false }, change)).toBe(false);
  });

  it("lets admins see every row", () => {
    expect(canSeeChange({ userId: "admin", isAdmin: true }, change)).toBe(true);
  });
});
