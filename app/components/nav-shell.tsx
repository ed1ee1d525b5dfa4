import { useLingui } from "@lingui/react/macro";
import { Menu, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { NavLink, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet } from "~/components/ui/sheet";
import { useSiteConfig } from "~/lib/config/use-site-config";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";

export interface NavItem {
  label: string;
  icon: LucideIcon;
  to?: string;
  onSelect?: () => void;
  /** A count beside the label (unread messages); nothing when 0. */
  count?: number;
  /** What the count means, read by screen readers with it ("2 unread"). */
  countLabel?: string;
}

function NavCount({ count, label }: { count: number; label?: string }) {
  return (
    <span className="ml-auto min-w-6 rounded-full bg-red-600 px-2 py-0.5 text-center text-xs font-semibold text-white">
      <span aria-hidden={label ? true : undefined}>{count > 99 ? "99+" : count}</span>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const itemClass = "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors";
  return (
    <ul className="space-y-1 p-3">
      {items.map(({ label, icon: Icon, to, onSelect, count, countLabel }) => (
        <li key={label}>
          {to ? (
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(itemClass, isActive ? "bg-blue-700 text-white" : "text-slate-700 hover:bg-slate-100")
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
              {count ? <NavCount count={count} label={countLabel} /> : null}
            </NavLink>
          ) : (
            <button
              type="button"
              className={cn(itemClass, "text-slate-700 hover:bg-slate-100")}
              onClick={() => {
                onNavigate?.();
                onSelect?.();
              }}
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The signed-in frame: a header, a fixed sidebar on large screens and a slide-in drawer with an
 * overlay on small ones. Shared by the client portal and the admin back office.
 */
export function NavShell({
  homePath,
  navLabel,
  items,
  headerEnd,
  badge,
  children,
}: {
  homePath: string;
  navLabel: string;
  items: NavItem[];
  headerEnd: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  const { t } = useLingui();
  const { agencyName } = useSiteConfig();
  return (
    <div className="relative min-h-screen bg-slate-50">
      <header className="fixed inset-x-0 top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-2">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={t`Open menu`}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" />
          </Button>
          <Logo to={homePath} label={t`${agencyName} home`} />
          {badge}
        </div>
        <div className="flex items-center gap-1 sm:gap-2">{headerEnd}</div>
      </header>
      {/* The sidebar's background runs the page's whole height; its links stay in view as the page scrolls. */}
      <aside
        data-testid="sidebar"
        className="absolute inset-y-0 left-0 z-20 hidden w-64 border-r border-slate-200 bg-white pt-16 lg:block"
      >
        <nav aria-label={navLabel} className="sticky top-16">
          <NavList items={items} />
        </nav>
      </aside>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen} title={t`Menu`}>
        <nav aria-label={navLabel}>
          <NavList items={items} onNavigate={() => setDrawerOpen(false)} />
        </nav>
      </Sheet>
      <main className="px-4 pt-20 pb-10 sm:px-6 lg:ml-64 lg:px-8">
        {navigation.state === "loading" ? (
          <p role="status" className="mb-4 text-sm text-slate-600">
            {t`Loading...`}
          </p>
        ) : null}
        {children}
      </main>
    </div>
  );
}

export function PageTitle({ title, description }: { title: string; description?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
    </div>
  );
}
