import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { ServiceType } from "~/lib/service-catalog";

const TITLES: Record<ServiceType, string> = {
  google_business: "Google Business Profile Progress",
  website: "Website Development Progress",
};

/** A service tab's right column: the customer's progress checklist, which the admin ticks. */
export function AdminProgressChecklist({ service }: { service: ServiceType }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{TITLES[service]}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-slate-600">Progress tracking is coming soon.</p>
      </CardContent>
    </Card>
  );
}
