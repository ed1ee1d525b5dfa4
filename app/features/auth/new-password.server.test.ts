import { describe, expect, it } from "vitest";
import { isCommonPassword, newPasswordProblem } from "./new-password.server";

describe("isCommonPassword", () => {
  it.each(["password", "Password123!", "PASSWORD1", "!!qwerty123", "iloveyou2024#", "Summer2024!"])(
    "finds %s among the common ones",
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["Str0ng!Passw0rd", "Matrix!Password-1", "correct horse battery staple 7!", "Ruiz-Roofing#2026-Miami"])(
    "lets %s through",
    async (password) => {
      expect(await isCommonPassword(password)).toBe(false);
    },
  );
});

describe("newPasswordProblem", () => {
  it("reports the five rules first, in their order, then the common-password check", async () => {
    expect(await newPasswordProblem("short")).toEqual({
      code: "PASSWORD_RULES",
      message: "Password must be at least 12 characters",
    });
    expect(await newPasswordProblem("aaaaaaaaaaaa")).toEqual({
      code: "PASSWORD_RULES",
      message: "Password must contain at least one uppercase letter",
    });
    expect(await newPasswordProblem("Password123!")).toEqual({
      code: "PASSWORD_TOO_COMMON",
      message: "This password is too common. Choose one that is harder to guess.",
    });
    expect(await newPasswordProblem("Str0ng!Passw0rd")).toBeNull();
  });
});
