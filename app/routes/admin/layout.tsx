import { useLingui } from "@lingui/react/macro";
import { BarChart3, History, Inbox, LayoutDashboard, LogOut, Settings, Users } from "lucide-react";
import { href, matchPath, Outlet, useLocation } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { NavShell, type NavItem } from "~/components/nav-shell";
import { isLocale } from "~/lib/i18n/locales";
import { useSignOut } from "~/features/auth/use-sign-out";
import { NotificationBell } from "~/features/notifications/components/notification-bell";
import { listNotifications } from "~/features/notifications/list-notifications.server";
import { useLiveUpdates } from "~/lib/realtime/use-live-updates";
import { adminPageShows } from "~/lib/realtime/realtime";
import { liveSince } from "~/lib/realtime/realtime.server";
import { ADMIN_HOME, ADMIN_LOGIN } from "~/lib/http/paths";
import { requireTeamMember, requireUser } from "~/lib/auth/route-guards.server";
import type { TeamRole } from "~/lib/auth/session";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/layout";

// Every admin page's loader and action runs behind this guard: a child route's data is never
// computed for a non-admin, because middleware runs before any loader or action.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await requireTeamMember(request, context);
    return next();
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const member = requireUser(context, ADMIN_LOGIN);
  // Before any read: the live stream reports changes made after this (use-live-updates.ts).
  const dataReadAt = liveSince();
  // Past the guard a member is an admin or a staff member; the menu shows a staff member only the pages they may open.
  const role: TeamRole = member.isAdmin ? "admin" : "staff";
  const { services, i18n } = requestContext(context);
  return {
    notifications: await listNotifications(services, member, i18n),
    dataReadAt,
    memberId: member.id,
    role,
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // A customer's page, on any of its tabs.
  const customerId = matchPath({ path: "/admin/users/:userId", end: false }, pathname)?.params.userId;
  // A staff member's stream carries only their customers' changes, named like an admin's, so the same rule applies.
  useLiveUpdates(ADMIN_LOGIN, loaderData.dataReadAt, (change) =>
    adminPageShows(change, { memberId: loaderData.memberId, customerId }),
  );
  const signOut = useSignOut(ADMIN_LOGIN);
  const { t, i18n } = useLingui();
  const isAdmin = loaderData.role === "admin";
  const items: NavItem[] = isAdmin
    ? [
        { label: t`Dashboard`, icon: LayoutDashboard, to: ADMIN_HOME },
        { label: t`Users`, icon: Users, to: href("/admin/users") },
        { label: t`Leads`, icon: Inbox, to: href("/admin/leads") },
        { label: t`Analytics`, icon: BarChart3, to: href("/admin/analytics") },
        { label: t`Settings`, icon: Settings, to: href("/admin/settings") },
        { label: t`Activity`, icon: History, to: href("/admin/activity") },
        { label: t`Logout`, icon: LogOut, onSelect: () => void signOut() },
      ]
    : [
        { label: t`Dashboard`, icon: LayoutDashboard, to: ADMIN_HOME },
        { label: t`My customers`, icon: Users, to: href("/admin/users") },
        { label: t`My leads`, icon: Inbox, to: href("/admin/leads") },
        { label: t`Logout`, icon: LogOut, onSelect: () => void signOut() },
      ];
  const roleName = isAdmin ? t`Admin` : t`Staff`;
  return (
    <NavShell
      homePath={ADMIN_HOME}
      navLabel={roleName}
      items={items}
      badge={
        <span className="hidden rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white sm:inline">
          {roleName}
        </span>
      }
      headerEnd={
        <>
          <LanguageSwitcher locale={isLocale(i18n.locale) ? i18n.locale : "en"} />
          <NotificationBell notifications={loaderData.notifications} />
        </>
      }
    >
      <Outlet />
    </NavShell>
  );
}
