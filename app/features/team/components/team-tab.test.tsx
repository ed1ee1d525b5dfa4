import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { TeamView } from "../team-views";
import { TeamTab } from "./team-tab";

const SELF = "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10";
const STAFF = "1c7f2b63-4d2f-4e1b-8a4c-3b8d6f9e0a21";
const GONE = "2d803c74-5e30-4f2c-9b5d-4c9e7a0f1b32";

const TEAM: TeamView = {
  members: [
    {
      id: SELF,
      name: "Ada Admin",
      email: "ada@example.com",
      role: "admin",
      twoFactorEnabled: true,
      lastSignInAt: "2026-11-20T10:00:00.000Z",
      active: true,
    },
    {
      id: STAFF,
      name: "Sam Staff",
      email: "sam@example.com",
      role: "staff",
      twoFactorEnabled: false,
      lastSignInAt: null,
      active: true,
    },
    {
      id: GONE,
      name: "Gus Gone",
      email: "gus@example.com",
      role: "staff",
      twoFactorEnabled: false,
      lastSignInAt: null,
      active: false,
    },
  ],
  invitations: [
    {
      id: "3e914d85-6f41-4a3d-8c6e-5da08b1f2c43",
      email: "new@example.com",
      role: "staff",
      sentAt: "2026-11-20T10:00:00.000Z",
      expiresAt: "2026-11-27T10:00:00.000Z",
      expired: false,
    },
    {
      id: "4fa25e96-7052-4b4e-9d7f-6eb19c2a3d54",
      email: "old@example.com",
      role: "admin",
      sentAt: "2026-11-01T10:00:00.000Z",
      expiresAt: "2026-11-08T10:00:00.000Z",
      expired: true,
    },
  ],
};

function render(team: TeamView = TEAM): string {
  const router = createMemoryRouter([{ path: "/", element: <TeamTab team={team} selfId={SELF} /> }]);
  return renderToString(inLanguage(<RouterProvider router={router} />)).replaceAll("<!-- -->", "");
}

describe("TeamTab", () => {
  it("lists each member with role, two-factor, last sign-in and state, under labelled columns", () => {
    const html = render();
    for (const heading of ["Name", "Email", "Role", "Two-factor", "Last sign-in", "State", "Actions"]) {
      expect(html).toContain(`<th scope="col" class="px-4 py-3 font-semibold">${heading}</th>`);
    }
    expect(html).toContain('data-label="Two-factor"');
    expect(html).toMatch(/Ada Admin<span[^>]*>\(you\)<\/span>/);
    expect(html).toContain("Never");
    expect(html).toMatch(/>Active<\/span>/);
    expect(html).toMatch(/>Deactivated<\/span>/);
  });

  it("offers each member's actions by name; an admin cannot deactivate themself here", () => {
    const html = render();
    expect(html).toContain('aria-label="Make Sam Staff an admin"');
    expect(html).toContain('aria-label="Make Ada Admin staff"');
    expect(html).toContain('aria-label="Deactivate Sam Staff"');
    expect(html).not.toContain('aria-label="Deactivate Ada Admin"');
    expect(html).toContain('aria-label="Reactivate Gus Gone"');
    expect(html).toContain('name="intent" value="change-member-role"');
    expect(html).toContain('name="intent" value="reactivate-member"');
  });

  it("lists the open invitations with Resend and Revoke, an expired one marked", () => {
    const html = render();
    expect(html).toContain('aria-label="Resend the invitation to new@example.com"');
    expect(html).toContain('aria-label="Revoke the invitation to old@example.com"');
    expect(html).toMatch(/>Expired<\/span>/);
    expect(render({ ...TEAM, invitations: [] })).toContain("No open invitations");
  });
});
