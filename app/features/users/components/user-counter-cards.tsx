import { Activity, CircleOff, Clock, Users } from "lucide-react";
import { Card } from "~/components/ui/card";
import type { UserCounters } from "../user-counters";

export function UserCounterCards({ counters }: { counters: UserCounters }) {
  const items = [
    { label: "Total Users", value: counters.total, icon: Users, tone: "text-blue-700" },
    { label: "Active", value: counters.active, icon: Activity, tone: "text-green-700" },
    { label: "Inactive", value: counters.inactive, icon: CircleOff, tone: "text-slate-600" },
    { label: "In Progress", value: counters.inProgress, icon: Clock, tone: "text-amber-700" },
  ];
  return (
    <ul aria-label="Customer counters" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(({ label, value, icon: Icon, tone }) => (
        <li key={label}>
          <Card className="flex items-center justify-between gap-3 p-4">
            <div>
              <p className="text-sm font-medium text-slate-600">{label}</p>
              <p className="text-2xl font-bold text-slate-900" data-testid={`counter-${label.toLowerCase().replace(/\s+/g, "-")}`}>
                {value}
              </p>
            </div>
            <Icon aria-hidden="true" className={`size-8 ${tone}`} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
