import { describe, expect, it } from "vitest";
import { acceptInvitationSchema, INVITE_MEMBER_INTENT, inviteMemberSchema } from "./team.schemas";

describe("inviteMemberSchema", () => {
  it("takes an address, without case, and a role", () => {
    const parsed = inviteMemberSchema.parse({
      intent: INVITE_MEMBER_INTENT,
      email: " Ana@Example.COM ",
      role: "admin",
    });
    expect(parsed).toEqual({ intent: INVITE_MEMBER_INTENT, email: "ana@example.com", role: "admin" });
  });

  it("refuses a missing or malformed address and an unknown role", () => {
    const issue = (input: Record<string, unknown>) =>
      inviteMemberSchema.safeParse({ intent: INVITE_MEMBER_INTENT, ...input }).error?.issues[0]?.message;
    expect(issue({ email: "", role: "staff" })).toBe("Please enter a valid email address");
    expect(issue({ email: "not-an-address", role: "staff" })).toBe("Please enter a valid email address");
    expect(issue({ email: "ana@example.com", role: "owner" })).toBe("Please choose a role");
  });
});

describe("acceptInvitationSchema", () => {
  const valid = { name: "Ana Ruiz", password: "Str0ng!Passw0rd", confirmPassword: "Str0ng!Passw0rd" };

  it("takes a name and a password that follows the sign-up rules", () => {
    expect(acceptInvitationSchema.parse(valid)).toEqual(valid);
  });

  it("refuses a missing name, a weak password and a confirmation that differs", () => {
    const issue = (input: Record<string, unknown>) =>
      acceptInvitationSchema.safeParse({ ...valid, ...input }).error?.issues[0]?.message;
    expect(issue({ name: " " })).toBe("Please enter your full name");
    expect(issue({ password: "short", confirmPassword: "short" })).toBe("Password must be at least 12 characters");
    expect(issue({ confirmPassword: "Str0ng!Passw0rd-other" })).toBe("Passwords do not match");
  });
});
