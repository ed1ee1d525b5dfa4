import { useLingui } from "@lingui/react/macro";
import { Building2, CalendarSync, Globe, KeyRound, ListChecks, LogOut, MessageSquare, UserRound } from "lucide-react";
import { href, Link, Outlet } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { NavShell, type NavItem } from "~/components/nav-shell";
import { isLocale } from "~/lib/i18n/locales";
import { useSignOut } from "~/features/auth/use-sign-out";
import { NotificationBell } from "~/features/notifications/components/notification-bell";
import { getOwnUnreadMessages } from "~/features/messages/get-own-unread-messages.server";
import { listNotifications } from "~/features/notifications/list-notifications.server";
import { readZelleParties } from "~/features/payments/zelle/read-zelle-parties.server";
import { useLiveUpdates } from "~/lib/realtime/use-live-updates";
import { liveSince } from "~/lib/realtime/realtime.server";
import { MaintenancePage } from "~/features/settings/components/maintenance-page";
import { maintenanceFor } from "~/lib/auth/maintenance.server";
import { initials } from "~/features/users/initials";
import { CUSTOMER_HOME, CUSTOMER_LOGIN, PLANS_PAGE, SERVICE_PAGE } from "~/lib/http/paths";
import { requireUser } from "~/lib/auth/route-guards.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // Before any read: the live stream reports changes made after this (use-live-updates.ts).
  const dataReadAt = liveSince();
  const { services, i18n } = requestContext(context);
  const maintenance = await maintenanceFor(services, user);
  if (maintenance) return { maintenance, user: null, notifications: [], zelle: null, unreadMessages: 0, dataReadAt };
  const [notifications, zelle, unreadMessages] = await Promise.all([
    listNotifications(services, user, i18n),
    // The payment dialog's Zelle step, on any portal page that offers to pay.
    readZelleParties(services, user),
    getOwnUnreadMessages(services, user),
  ]);
  return {
    maintenance: null,
    user: { name: user.name, image: user.image },
    notifications,
    zelle,
    unreadMessages,
    dataReadAt,
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user, notifications, maintenance, unreadMessages, dataReadAt } = loaderData;
  // Listening on the maintenance page too: when Maintenance Mode goes off, the portal comes back live.
  useLiveUpdates(CUSTOMER_LOGIN, dataReadAt);
  const signOut = useSignOut(CUSTOMER_LOGIN);
  const { t, i18n } = useLingui();
  if (maintenance || !user) {
    return (
      <MaintenancePage supportEmail={maintenance?.supportEmail ?? ""} companyName={maintenance?.companyName ?? ""} />
    );
  }
  const items: NavItem[] = [
    { label: t`Progress`, icon: ListChecks, to: CUSTOMER_HOME },
    { label: t`Google Business`, icon: Building2, to: SERVICE_PAGE.google_business },
    { label: t`Website`, icon: Globe, to: SERVICE_PAGE.website },
    { label: t`Plans`, icon: CalendarSync, to: PLANS_PAGE },
    { label: t`Credentials`, icon: KeyRound, to: href("/dashboard/credentials") },
    {
      label: t`Messages`,
      icon: MessageSquare,
      to: href("/dashboard/messages"),
      count: unreadMessages,
      countLabel: t`${unreadMessages} unread`,
    },
    // Password, e-mail preferences, the data export and the account's deletion: reachable without the initials button.
    { label: t`Profile`, icon: UserRound, to: href("/dashboard/profile") },
    { label: t`Sign Out`, icon: LogOut, onSelect: () => void signOut() },
  ];
  return (
    <NavShell
      homePath={CUSTOMER_HOME}
      navLabel={t`Dashboard`}
      items={items}
      headerEnd={
        <>
          <LanguageSwitcher locale={isLocale(i18n.locale) ? i18n.locale : "en"} />
          <NotificationBell notifications={notifications} />
          <Link
            to={href("/dashboard/profile")}
            aria-label={t`Your profile`}
            className="grid size-10 place-items-center overflow-hidden rounded-full bg-blue-100 text-sm font-semibold text-blue-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
          >
            {user.image ? (
              <img src={user.image} alt="" width={40} height={40} className="size-full object-cover" />
            ) : (
              initials(user.name) || "U"
            )}
          </Link>
        </>
      }
    >
      <Outlet />
    </NavShell>
  );
}
