import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LinkTabs, TabsContent, TabsLink, TabsList } from "~/components/ui/tabs";
import {
  APPROVE_DELETION_INTENT,
  DECLINE_DELETION_INTENT,
  DELETE_CUSTOMER_INTENT,
} from "~/features/account-deletion/account-deletion";
import { deleteCustomerSchema } from "~/features/account-deletion/account-deletion.schemas";
import { deleteCustomer } from "~/features/account-deletion/delete-customer.server";
import { approveDeletionForm, declineDeletionForm } from "~/features/account-deletion/deletion-decision.forms.server";
import { DeleteCustomer } from "~/features/account-deletion/components/delete-customer";
import {
  PendingDeletionNotice,
  useErasedCustomerAnswer,
} from "~/features/account-deletion/components/pending-deletion-notice";
import { getPendingDeletionRequest } from "~/features/account-deletion/get-pending-deletion-request.server";
import { getAgencyUnreadMessages } from "~/features/messages/get-agency-unread-messages.server";
import { LeadSourceLine } from "~/features/leads/components/lead-source-line";
import { getCustomerLeadSource } from "~/features/leads/lead-source.server";
import { assignCustomer } from "~/features/users/assign-customer.server";
import { ASSIGN_CUSTOMER_INTENT, assignCustomerFormSchema } from "~/features/users/assignment.schemas";
import { CustomerAssignment } from "~/features/users/components/customer-assignment";
import { CustomerAvatar } from "~/features/users/components/customer-avatar";
import { getCustomer } from "~/features/users/get-customer.server";
import { getCustomerAssignment } from "~/features/users/get-customer-assignment.server";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { form, intentAction } from "~/lib/http/actions.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { isActionResult } from "~/lib/http/forms";
import { CUSTOMER_LIST, CUSTOMER_TABS, customerPagePath, customerTabAt, type CustomerTab } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { changesHeader } from "./revalidation";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.customer.fullName || loaderData?.title || "Customer" },
];

/**
 * What every tab of the customer's page shows above it: the customer, 'Assigned to', the deletion request waiting
 * for the agency and the Messages tab's unread count. Each tab loads its own data (the routes beside this one).
 * The admin layout's middleware has already refused everyone but the team; the use cases check the actor again (a
 * staff member on a customer not assigned to them gets 404).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user: actor, i18n } = requestContext(context);
  let customer;
  try {
    customer = await getCustomer(services, actor, { userId: params.userId });
  } catch (error) {
    loaderFailure(error, i18n);
  }
  const isAdmin = actor?.isAdmin === true;
  const [assignment, pendingDeletion, unreadMessages, leadSource] = await Promise.all([
    getCustomerAssignment(services, actor, { userId: customer.id }),
    // Deletions are the admins' to decide: a staff member's page shows no request.
    isAdmin ? getPendingDeletionRequest(services, actor, customer.id) : null,
    getAgencyUnreadMessages(services, actor, { userId: customer.id }),
    // Where they came from: the enquiry their account was made from, if any.
    getCustomerLeadSource(services, actor, { customerId: customer.id }),
  ]);
  return {
    customer,
    // Payments are the admins': a staff member's page has no Payments tab.
    canReviewPayments: isAdmin,
    assignment,
    pendingDeletion,
    unreadMessages,
    leadSource,
    title: i18n._(msg`Customer`),
  };
}

/** The header's forms (the matrix tries each). */
export const intents = [
  ASSIGN_CUSTOMER_INTENT,
  DELETE_CUSTOMER_INTENT,
  APPROVE_DELETION_INTENT,
  DECLINE_DELETION_INTENT,
] as const;

/**
 * The header's forms, by `intent`: 'Assigned to' and 'Delete customer' (admins only), and the answers to the
 * customer's deletion request (admins only; that customer's request only). The tabs' forms post to their own
 * tab's page. Any other intent is refused with 400.
 */
export async function action(args: Route.ActionArgs) {
  const { userId } = args.params;
  return intentAction(args, intents, {
    // memberIds: each checked member.
    [ASSIGN_CUSTOMER_INTENT]: form({
      schema: assignCustomerFormSchema,
      run: ({ services, user }, { memberIds }) => assignCustomer(services, user, { customerId: userId, memberIds }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Assignment saved`) }),
    }),
    // reason, confirmation; a staff member is refused before the form is read. The page then goes to the list.
    [DELETE_CUSTOMER_INTENT]: form({
      guard: ({ user }) => requireAdminActor(user),
      schema: deleteCustomerSchema,
      run: ({ services, user }, { reason, confirmation }) =>
        deleteCustomer(services, user, { customerId: userId, reason, confirmation }),
      success: ({ i18n }) => ({
        ok: true as const,
        title: i18n._(msg`Customer deleted`),
        message: i18n._(msg`Their data has been erased; their payments stay for the books.`),
      }),
    }),
    [APPROVE_DELETION_INTENT]: approveDeletionForm(userId),
    [DECLINE_DELETION_INTENT]: declineDeletionForm(userId),
  });
}

/**
 * The header reloads when what it shows can have changed: after its own forms, after a tab's change that moves the
 * deletion request's standing or the unread count (`changesHeader`), on a live change and when the customer
 * changes. Going from tab to tab does not reload it (React Router's single fetch would reload every route on each
 * navigation), nor does a refused or unsent change, which changed nothing.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  actionResult,
  actionStatus,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod) {
    const anotherTab =
      currentParams.userId === nextParams.userId &&
      currentUrl.pathname !== nextUrl.pathname &&
      currentUrl.search === nextUrl.search;
    return !anotherTab && defaultShouldRevalidate;
  }
  if ((actionStatus ?? 200) >= 400 || (isActionResult(actionResult) && !actionResult.ok)) return false;
  const intent = formData?.get("intent");
  if (typeof intent !== "string") return defaultShouldRevalidate;
  // A deleted customer's page is gone: the admin goes on to the customer list instead.
  if (intent === DELETE_CUSTOMER_INTENT || intent === APPROVE_DELETION_INTENT) return false;
  return changesHeader(intent) && defaultShouldRevalidate;
}

function BackToUsers() {
  const { t } = useLingui();
  return (
    <Button asChild variant="ghost" size="icon" aria-label={t`Back to users`}>
      <Link to={CUSTOMER_LIST}>
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  );
}

export default function CustomerPage({ loaderData, params }: Route.ComponentProps) {
  const { customer, canReviewPayments, assignment, pendingDeletion, unreadMessages, leadSource } = loaderData;
  const { t } = useLingui();
  const { pathname } = useLocation();
  // The header's forms post to this route's action: the customer's own path.
  const action = customerPagePath(params.userId);
  const labels: Record<CustomerTab, React.ReactNode> = {
    payments: t`Payments`,
    messages: (
      <>
        {t`Messages`}
        {unreadMessages > 0 ? (
          <span className="ml-1.5 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
            <span aria-hidden="true">{unreadMessages}</span>
            <span className="sr-only">{t`${unreadMessages} unread`}</span>
          </span>
        ) : null}
      </>
    ),
    notes: t`Notes`,
    "google-business": "Google Business",
    website: t`Web Site`,
    credentials: t`Credentials`,
  };
  const tabs = CUSTOMER_TABS.filter((tab) => canReviewPayments || tab !== "payments");
  const shownTab = customerTabAt(pathname);
  const open = customerPagePath(params.userId, tabs.includes(shownTab) ? shownTab : tabs[0]);

  return (
    <>
      <div className="mb-6 flex items-center gap-3">
        <BackToUsers />
        <CustomerAvatar name={customer.fullName} imageUrl={customer.avatarUrl} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-slate-900 sm:text-3xl">
            {customer.fullName || t`Loading...`}
          </h1>
          <p className="truncate text-sm text-slate-600">
            {[customer.email, customer.companyName].filter(Boolean).join(" · ")}
          </p>
          {leadSource ? <LeadSourceLine source={leadSource} /> : null}
          <div className="mt-1">
            <CustomerAssignment assignment={assignment} action={action} />
          </div>
        </div>
        {canReviewPayments ? (
          <div className="ml-auto shrink-0">
            <DeleteCustomer customerName={customer.fullName} action={action} />
          </div>
        ) : null}
      </div>
      {canReviewPayments ? <PendingDeletionNotice request={pendingDeletion} customerName={customer.fullName} /> : null}

      <LinkTabs value={open}>
        <div className="overflow-x-auto">
          <TabsList aria-label={t`Customer sections`}>
            {tabs.map((tab) => (
              <TabsLink key={tab} to={customerPagePath(params.userId, tab)}>
                {labels[tab]}
              </TabsLink>
            ))}
          </TabsList>
        </div>
        {tabs.map((tab) => {
          const path = customerPagePath(params.userId, tab);
          return (
            <TabsContent key={tab} value={path}>
              {path === open ? <Outlet /> : null}
            </TabsContent>
          );
        })}
      </LinkTabs>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A staff member reaches only the customers assigned to them; the page says so without saying whether this one exists.
  const staff = useRouteLoaderData<{ role: string }>("routes/admin/layout")?.role === "staff";
  useErasedCustomerAnswer();
  if (!notFound) console.error(error);
  return (
    <>
      <div className="mb-6 flex items-center gap-3">
        <BackToUsers />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {notFound ? t`Customer not found` : t`Failed to load data`}
        </h1>
      </div>
      <Card role="alert" className="p-6 text-slate-700">
        <p>
          {!notFound
            ? t`Please reload the page to try again.`
            : staff
              ? t`There is no customer with this id among the customers assigned to you. An admin can assign a customer to you.`
              : t`There is no customer with this id.`}
        </p>
      </Card>
    </>
  );
}
