import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, useFetchers, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { AdminPaymentsTab } from "~/features/payments/components/admin-payments-tab";
import { paymentDecisionSchema } from "~/features/payments/payment-review";
import { decidePayment, listPaymentsForReview } from "~/features/payments/payment-review.server";
import { CustomerAvatar } from "~/features/users/components/customer-avatar";
import { getCustomer } from "~/features/users/customers.server";
import { badRequest, HttpError } from "~/lib/errors";
import { errorResponse, services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/user-detail";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.customer.fullName || "Customer" }];

// The admin layout's middleware has already refused non-admins; the use cases check the actor again.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = services(context).database;
  const actor = sessionUser(context);
  let customer;
  try {
    customer = await getCustomer(db, actor, params.userId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw data("Customer not found", { status: 404 });
    throw error;
  }
  // As in the original, a failure to load payments is logged and the tab shows no payments.
  const payments = await listPaymentsForReview({ db }, actor, customer.id).catch((error: unknown) => {
    console.error("Failed to load payments:", error);
    return [];
  });
  return { customer, payments };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus } = services(context);
  try {
    const form = Object.fromEntries(await request.formData());
    if (form.intent !== "decide") throw badRequest("Invalid request");
    const parsed = paymentDecisionSchema.safeParse(form);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid request");
    await decidePayment({ db: database.db, bus }, sessionUser(context), parsed.data);
    return { ok: true as const, decision: parsed.data.decision };
  } catch (error) {
    return errorResponse(error);
  }
}

const LATER_TABS = [
  { value: "notes", label: "Notes", text: "Customer notes are coming soon." },
  { value: "google-business", label: "Google Business", text: "Google Business information and progress are coming soon." },
  { value: "website", label: "Web Site", text: "Website information and progress are coming soon." },
  { value: "credentials", label: "Credenciales", text: "The credentials editor is coming soon." },
];

function BackToUsers() {
  return (
    <Button asChild variant="ghost" size="icon" aria-label="Back to users">
      <Link to="/admin/users">
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  );
}

export default function AdminUserDetail({ loaderData }: Route.ComponentProps) {
  const { customer, payments } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // Reloading this page's data (a live update, or the reload after a decision, which a fetcher in its
  // "loading" state stands for): the list shown may be about to change.
  const reloading =
    revalidator.state === "loading" ||
    fetchers.some((fetcher) => fetcher.state === "loading") ||
    (navigation.state === "loading" && navigation.location.pathname === `/admin/users/${customer.id}`);

  return (
    <>
      <div className="mb-6 flex items-center gap-3">
        <BackToUsers />
        <CustomerAvatar name={customer.fullName} imageUrl={customer.avatarUrl} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-slate-900 sm:text-3xl">{customer.fullName || "Loading..."}</h1>
          <p className="truncate text-sm text-slate-600">
            {[customer.email, customer.companyName].filter(Boolean).join(" · ")}
          </p>
        </div>
      </div>

      <Tabs defaultValue="payments">
        <div className="overflow-x-auto">
          <TabsList aria-label="Customer sections">
            <TabsTrigger value="payments">Payments</TabsTrigger>
            {LATER_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="payments">
          <AdminPaymentsTab payments={payments} loading={reloading} />
        </TabsContent>
        {LATER_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <Card className="p-6 text-slate-700">
              <p>{tab.text}</p>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <>
      <div className="mb-6 flex items-center gap-3">
        <BackToUsers />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{notFound ? "Customer not found" : "Failed to load data"}</h1>
      </div>
      <Card role="alert" className="p-6 text-slate-700">
        <p>{notFound ? "There is no customer with this id." : "Please reload the page to try again."}</p>
      </Card>
    </>
  );
}
