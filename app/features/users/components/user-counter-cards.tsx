import { Activity, CircleOff, Clock, Users } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { customerListHref, type CustomerPlanFilter } from "../customer-list-query";
import type { CustomerActivity, UserCounters } from "../user-counters";

/**
 * The four counters. Each card is a link that filters the list by its state (Total Users shows everyone),
 * keeping the search and the 'Assigned to' and 'Care plan' filters; the card of the state shown is marked current.
 */
export function UserCounterCards({
  counters,
  activity = null,
  search = "",
  assigned = null,
  plan = null,
}: {
  counters: UserCounters;
  activity?: CustomerActivity | null;
  search?: string;
  assigned?: string | null;
  plan?: CustomerPlanFilter | null;
}) {
  const { t } = useLingui();
  // `key` names the card's test ids (the English label), `label` is shown in the page's language.
  const items = [
    {
      key: "Total Users",
      label: t`Total Users`,
      value: counters.total,
      icon: Users,
      tone: "text-blue-700",
      state: null,
      only: "",
    },
    {
      key: "Active",
      label: t`Active`,
      value: counters.active,
      icon: Activity,
      tone: "text-green-700",
      state: "active",
      only: t`(show only active customers)`,
    },
    {
      key: "Inactive",
      label: t`Inactive`,
      value: counters.inactive,
      icon: CircleOff,
      tone: "text-slate-600",
      state: "inactive",
      only: t`(show only inactive customers)`,
    },
    {
      key: "In Progress",
      label: t`In Progress`,
      value: counters.inProgress,
      icon: Clock,
      tone: "text-amber-700",
      state: "in_progress",
      only: t`(show only in progress customers)`,
    },
  ] as const;
  return (
    <ul aria-label={t`Customer counters`} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(({ key, label, value, icon: Icon, tone, state, only }) => {
        const current = activity === state;
        return (
          <li key={key}>
            <Link
              to={customerListHref({ search, activity: state, assigned, plan, page: 1 })}
              aria-current={current ? "true" : undefined}
              data-testid={`counter-card-${key.toLowerCase().replace(/\s+/g, "-")}`}
              className={cn(
                "flex items-center justify-between gap-3 rounded-xl border bg-white p-4 shadow-sm transition-colors hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none",
                current ? "border-blue-600 ring-1 ring-blue-600" : "border-slate-200",
              )}
            >
              <div>
                <p className="text-sm font-medium text-slate-600">{label}</p>
                <p
                  className="text-2xl font-bold text-slate-900"
                  data-testid={`counter-${key.toLowerCase().replace(/\s+/g, "-")}`}
                >
                  {value}
                </p>
              </div>
              <span className="sr-only">{` ${state ? only : t`(show every customer)`}`}</span>
              <Icon aria-hidden="true" className={`size-8 ${tone}`} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
