import { describe, expect, it } from "vitest";
import { adminPageShows, canSeeChange, EVERYONE } from "./realtime";

describe("canSeeChange", () => {
  const change = { table: "notifications", userId: "a" };

  it("lets owners see their own rows only", () => {
    expect(canSeeChange({ userId: "a", isAdmin: false, customerIds: null }, change)).toBe(true);
    expect(canSeeChange({ userId: "b", isAdmin: false, customerIds: null }, change)).toBe(false);
  });

  it("lets admins see every row", () => {
    expect(canSeeChange({ userId: "admin", isAdmin: true, customerIds: null }, change)).toBe(true);
  });

  it("lets a staff member see the rows of the customers assigned to them, and no other's", () => {
    const staff = { userId: "staff", isAdmin: false, customerIds: new Set(["a"]) };
    expect(canSeeChange(staff, change)).toBe(true);
    expect(canSeeChange(staff, { table: "notifications", userId: "b" })).toBe(false);
  });

  it("lets every viewer see a change for everyone (the settings)", () => {
    expect(
      canSeeChange({ userId: "b", isAdmin: false, customerIds: null }, { table: "admin_settings", userId: EVERYONE }),
    ).toBe(true);
  });
});

describe("adminPageShows", () => {
  const page = { memberId: "admin", customerId: "a" };
  it("reloads a customer's page for that customer, the admin's own rows and the settings only", () => {
    expect(adminPageShows({ table: "payments", userId: "a" }, page)).toBe(true);
    expect(adminPageShows({ table: "notifications", userId: "admin" }, page)).toBe(true);
    expect(adminPageShows({ table: "admin_settings", userId: EVERYONE }, page)).toBe(true);
    expect(adminPageShows({ table: "payments", userId: "b" }, page)).toBe(false);
  });

  it("reloads every other admin page (lists, dashboard) for every change", () => {
    expect(adminPageShows({ table: "payments", userId: "b" }, { memberId: "admin", customerId: undefined })).toBe(true);
  });

  it("reloads a staff member's pages by the same rule: the open customer's rows and their own bell", () => {
    const staffPage = { memberId: "staff", customerId: "a" };
    expect(adminPageShows({ table: "messages", userId: "a" }, staffPage)).toBe(true);
    expect(adminPageShows({ table: "notifications", userId: "staff" }, staffPage)).toBe(true);
    expect(adminPageShows({ table: "notifications", userId: "admin" }, staffPage)).toBe(false);
    expect(adminPageShows({ table: "messages", userId: "a" }, { memberId: "staff", customerId: undefined })).toBe(true);
  });
});
