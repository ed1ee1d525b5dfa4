import { describe, expect, it } from "vitest";
import { canSeeChange, EVERYONE } from "./realtime";

describe("canSeeChange", () => {
  const change = { table: "notifications", userId: "a" };

  it("lets owners see their own rows only", () => {
    expect(canSeeChange({ userId: "a", isAdmin: false }, change)).toBe(true);
    expect(canSeeChange({ userId: "b", isAdmin: false }, change)).toBe(false);
  });

  it("lets admins see every row", () => {
    expect(canSeeChange({ userId: "admin", isAdmin: true }, change)).toBe(true);
  });

  it("lets every viewer see a change for everyone (the settings)", () => {
    expect(canSeeChange({ userId: "b", isAdmin: false }, { table: "admin_settings", userId: EVERYONE })).toBe(true);
  });
});
