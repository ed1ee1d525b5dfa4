import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** The Google Business tab's left column: the customer's submitted information, read-only. */
export function AdminGoogleBusinessInfo() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Business Information</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-slate-600">No information submitted yet</p>
      </CardContent>
    </Card>
  );
}
