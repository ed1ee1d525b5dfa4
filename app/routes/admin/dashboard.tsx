import { BarChart3, Settings, Users } from "lucide-react";
import { PageTitle } from "~/components/nav-shell";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }];

const cards = [
  { title: "User Management", description: "Review customers, their payments and their projects.", icon: Users },
  { title: "Analytics", description: "Sign-ups, payments and delivery at a glance.", icon: BarChart3 },
  { title: "System Settings", description: "Platform, notification and security preferences.", icon: Settings },
];

export default function AdminDashboard() {
  return (
    <>
      <PageTitle title="Admin Dashboard" description="Welcome to the back office." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map(({ title, description, icon: Icon }) => (
          <Card key={title}>
            <CardHeader>
              <Icon aria-hidden="true" className="mb-2 size-8 text-blue-700" />
              <CardTitle>{title}</CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </>
  );
}
