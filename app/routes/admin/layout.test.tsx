import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { TeamRole } from "~/lib/auth/session";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import AdminLayout from "./layout";

const SITE = { agencyName: "LocalLift Digital", phone: "", email: "", chatUrl: "", zellePhone: "" };

/** The back office's frame as its loader feeds it, on the dashboard, for an admin or a staff member. */
function render(role: TeamRole, locale: Locale = "en"): string {
  const loaderData = { notifications: { items: [], unreadCount: 0 }, dataReadAt: "0", memberId: "member-1", role };
  const props = { loaderData, params: {}, matches: [] } as unknown as Parameters<typeof AdminLayout>[0];
  const element = <AdminLayout {...props} />;
  // The root's site config (the logo's name), as its loader gives it.
  const router = createMemoryRouter([{ id: "root", path: "/", children: [{ path: "admin/dashboard", element }] }], {
    initialEntries: ["/admin/dashboard"],
    hydrationData: { loaderData: { root: { siteConfig: SITE } } },
  });
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

/** The sidebar's links: their targets and labels, in order. */
function sidebarLinks(html: string): string[] {
  const sidebar = html.slice(html.indexOf('data-testid="sidebar"'));
  return [...sidebar.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(?:<svg.*?<\/svg>)?([^<]*)/g)].map(
    ([, href, label]) => `${href} ${label}`,
  );
}

describe("the back office's menu", () => {
  it("shows an admin every page and the 'Admin' badge", () => {
    const html = render("admin");
    expect(sidebarLinks(html)).toEqual([
      "/admin/dashboard Dashboard",
      "/admin/users Users",
      "/admin/leads Leads",
      "/admin/analytics Analytics",
      "/admin/settings Settings",
      "/admin/activity Activity",
    ]);
    expect(html).toContain(">Admin</span>");
    expect(html).toContain("Logout");
  });

  it("shows a staff member their dashboard and customers only, and the 'Staff' badge", () => {
    const html = render("staff");
    expect(sidebarLinks(html)).toEqual([
      "/admin/dashboard Dashboard",
      "/admin/users My customers",
      "/admin/leads My leads",
    ]);
    expect(html).toContain(">Staff</span>");
    expect(html).not.toContain(">Admin</span>");
    expect(html).toContain("Logout");
    for (const page of ["/admin/analytics", "/admin/settings", "/admin/activity"])
      expect(html).not.toContain(`href="${page}"`);
  });
});
