import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** The Web Site tab's left column: the customer's submitted website information, read-only. */
export function AdminWebsiteInfo() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Website Information</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-slate-600">No information submitted yet</p>
      </CardContent>
    </Card>
  );
}
