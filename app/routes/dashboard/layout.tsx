import { Building2, Globe, KeyRound, ListChecks, LogOut } from "lucide-react";
import { Link, Outlet } from "react-router";
import { NavShell, type NavItem } from "~/components/nav-shell";
import { useSignOut } from "~/features/auth/use-sign-out";
import { NotificationBell } from "~/features/notifications/components/notification-bell";
import { listNotifications } from "~/features/notifications/list-notifications.server";
import { useLiveUpdates } from "~/features/realtime/use-live-updates";
import { initials } from "~/features/users/initials";
import { CUSTOMER_HOME, CUSTOMER_LOGIN } from "~/lib/paths";
import { requireUser, services } from "~/lib/route-guards.server";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const notifications = await listNotifications(services(context).database, user);
  return { user: { name: user.name, image: user.image }, notifications };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user, notifications } = loaderData;
  useLiveUpdates(CUSTOMER_LOGIN);
  const signOut = useSignOut(CUSTOMER_LOGIN);
  const items: NavItem[] = [
    { label: "Progress", icon: ListChecks, to: "/dashboard/progress" },
    { label: "Google Business", icon: Building2, to: "/dashboard/google-business" },
    { label: "Website", icon: Globe, to: "/dashboard/website" },
    { label: "Credentials", icon: KeyRound, to: "/dashboard/credentials" },
    { label: "Sign Out", icon: LogOut, onSelect: () => void signOut() },
  ];
  return (
    <NavShell
      homePath={CUSTOMER_HOME}
      navLabel="Dashboard"
      items={items}
      headerEnd={
        <>
          <NotificationBell notifications={notifications} />
          <Link
            to="/dashboard/profile"
            aria-label="Your profile"
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
