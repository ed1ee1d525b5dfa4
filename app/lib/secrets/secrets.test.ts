import { describe, expect, it } from "vitest";
import { maskSecret, revealSecretSchema } from "./secrets";

describe("maskSecret", () => {
  it("says only whether a value is stored", () => {
    expect(maskSecret("v1:0123456789abcdef:...")).toEqual({ isSet: true });
    expect(maskSecret(null)).toEqual({ isSet: false });
    expect(maskSecret(undefined)).toEqual({ isSet: false });
    expect(maskSecret("")).toEqual({ isSet: false });
  });
});

describe("revealSecretSchema", () => {
  const id = "7f3c1a52-8f0e-4c6e-9a55-1f2e3d4c5b6a";
  it("takes a credential field or a Gmail password, nothing else", () => {
    expect(revealSecretSchema.parse({ kind: "credential", id, field: "pin" })).toEqual({
      kind: "credential",
      id,
      field: "pin",
    });
    expect(revealSecretSchema.parse({ kind: "gmail-password", userId: id })).toEqual({
      kind: "gmail-password",
      userId: id,
    });
    expect(revealSecretSchema.safeParse({ kind: "credential", id, field: "username" }).success).toBe(false);
    expect(revealSecretSchema.safeParse({ kind: "credential", id: "1", field: "pin" }).success).toBe(false);
    expect(revealSecretSchema.safeParse({ kind: "profile", id }).success).toBe(false);
  });
});
