import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashInvitationToken, invitationPath, isInvitationToken, newInvitationToken } from "./invitations.server";

describe("invitation tokens", () => {
  it("are 32 random bytes, URL-safe, stored only as their SHA-256", () => {
    const { token, tokenHash } = newInvitationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hashInvitationToken(token)).toBe(tokenHash);
    expect(newInvitationToken().token).not.toBe(token);
  });

  it("are recognized before any look-up, and make the page's path", () => {
    const { token } = newInvitationToken();
    expect(isInvitationToken(token)).toBe(true);
    expect(isInvitationToken("short")).toBe(false);
    expect(isInvitationToken(`${token}/../x`)).toBe(false);
    expect(invitationPath(token)).toBe(`/admin/invitations/${token}`);
  });
});
