import { describe, expect, it } from "vitest";
import { avatarFormSchema, changePasswordSchema, passwordChangeProblem } from "./profile.schemas";

describe("a password change", () => {
  const problem = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
    passwordChangeProblem({ currentPassword, newPassword, confirmPassword })?.message ?? null;

  it("is checked in order: match, 6 characters, the sign-up rules, then the current password", () => {
    expect(problem("", "abc", "abd")).toBe("Passwords do not match");
    expect(problem("", "abcde")).toBe("Password must be at least 6 characters");
    expect(problem("", "abcdef")).toBe("Password must be at least 12 characters");
    expect(problem("", "abcdefghijkl")).toBe("Password must contain at least one uppercase letter");
    expect(problem("", "ABCDEFGHIJKL")).toBe("Password must contain at least one lowercase letter");
    expect(problem("", "ABCDEFghijkl")).toBe("Password must contain at least one number");
    expect(problem("", "ABCDEFghijk1")).toBe("Password must contain at least one special character");
    expect(problem("", "ABCDEFghij1!")).toBe("Please enter your current password");
    expect(problem("old", "ABCDEFghij1!")).toBeNull();
  });

  it("reports one problem, on its field", () => {
    const parsed = changePasswordSchema.safeParse({
      intent: "change-password",
      newPassword: "abc",
      confirmPassword: "abd",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["confirmPassword", "Passwords do not match"],
    ]);
  });
});

describe("the avatar", () => {
  const message = (file: unknown) => {
    const parsed = avatarFormSchema.safeParse({ intent: "upload-avatar", avatar: file });
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };
  it("must be an image of at most 2MB", () => {
    expect(message(new File([new Uint8Array(10)], "a.png", { type: "image/png" }))).toBeNull();
    expect(message(new File([new Uint8Array(2 * 1024 * 1024)], "a.png", { type: "image/png" }))).toBeNull();
    expect(message(new File([new Uint8Array(2 * 1024 * 1024 + 1)], "a.png", { type: "image/png" }))).toBe(
      "Image must be smaller than 2MB",
    );
    expect(message(new File(["x"], "a.txt", { type: "text/plain" }))).toBe("Please select a valid image");
    expect(message(undefined)).toBe("Please select a valid image");
  });
});
