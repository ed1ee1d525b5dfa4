import { describe, expect, it } from "vitest";
import { activityLabel, summarize, type Translator } from "~/features/activity/activity-views";
import { i18nFor } from "~/lib/i18n/instances.server";
import { INVITATION_LIFETIME_MS, invitationExpiry, invitationState, leavesNoActiveAdmin } from "./team-views";

const now = new Date("2026-11-22T12:00:00Z");
const open = { acceptedAt: null, revokedAt: null, expiresAt: new Date(now.getTime() + 1000) };

describe("invitationState", () => {
  it("is valid while open and before its expiry", () => {
    expect(invitationState(open, now)).toBe("valid");
  });

  it("is expired from its expiry on", () => {
    expect(invitationState({ ...open, expiresAt: now }, now)).toBe("expired");
  });

  it("says used or revoked before expired, and unknown without a row", () => {
    const past = new Date(now.getTime() - 1000);
    expect(invitationState({ ...open, acceptedAt: past, expiresAt: past }, now)).toBe("used");
    expect(invitationState({ ...open, revokedAt: past, expiresAt: past }, now)).toBe("revoked");
    expect(invitationState(undefined, now)).toBe("unknown");
  });
});

describe("invitationExpiry", () => {
  it("is seven days after sending", () => {
    expect(INVITATION_LIFETIME_MS).toBe(7 * 24 * 3600 * 1000);
    expect(invitationExpiry(now).toISOString()).toBe("2026-11-29T12:00:00.000Z");
  });
});

describe("leavesNoActiveAdmin", () => {
  it("refuses demoting or deactivating the only active admin", () => {
    expect(leavesNoActiveAdmin(["a"], "a", { role: "staff" })).toBe(true);
    expect(leavesNoActiveAdmin(["a"], "a", { deactivate: true })).toBe(true);
  });

  it("lets one of two admins go, and never minds staff or an unchanged role", () => {
    expect(leavesNoActiveAdmin(["a", "b"], "a", { role: "staff" })).toBe(false);
    expect(leavesNoActiveAdmin(["a", "b"], "b", { deactivate: true })).toBe(false);
    expect(leavesNoActiveAdmin(["a"], "s", { deactivate: true })).toBe(false);
    expect(leavesNoActiveAdmin(["a"], "a", { role: "admin" })).toBe(false);
  });
});

describe("the team's events in the activity log", () => {
  const es: Translator = (message) => i18nFor("es")._(message);

  it("names each action and reads the address and role", () => {
    expect(activityLabel("team.invite")).toBe("Invited a team member");
    expect(activityLabel("team.deactivate")).toBe("Deactivated a team member");
    expect(summarize("team.invite", { email: "ana@example.com", role: "staff" })).toBe("ana@example.com (Staff)");
    expect(summarize("team.change-role", { email: "ana@example.com", from: "staff", role: "admin" })).toBe(
      "ana@example.com: Staff → Admin",
    );
    expect(summarize("team.invite", { email: "ana@example.com", role: "admin" }, es)).toBe(
      "ana@example.com (Administrador)",
    );
  });
});
