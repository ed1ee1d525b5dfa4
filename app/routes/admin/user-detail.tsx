import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  useFetchers,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  APPROVE_DELETION_INTENT,
  DECLINE_DELETION_INTENT,
  DELETE_CUSTOMER_INTENT,
} from "~/features/account-deletion/account-deletion";
import {
  approveDeletionAction,
  declineDeletionAction,
  deleteCustomerAction,
} from "~/features/account-deletion/account-deletion-actions.server";
import { DeleteCustomer } from "~/features/account-deletion/components/delete-customer";
import { PendingDeletionNotice } from "~/features/account-deletion/components/pending-deletion-notice";
import { getPendingDeletionRequest } from "~/features/account-deletion/get-pending-deletion-request.server";
import type { ServiceType } from "~/domain/service-catalog";
import { REQUEST_APPROVAL_INTENT } from "~/features/approvals/approvals.schemas";
import { AdminApprovals } from "~/features/approvals/components/admin-approvals";
import { listReviewRounds } from "~/features/approvals/list-review-rounds.server";
import { requestApprovalAction } from "~/features/approvals/request-approval-action.server";
import type { ReviewRoundsView } from "~/features/approvals/review-round-views";
import { AdminCredentialsTab } from "~/features/credentials/components/admin-credentials-tab";
import { SAVE_CREDENTIALS_INTENT } from "~/features/credentials/credentials.schemas";
import { listCredentials } from "~/features/credentials/list-credentials.server";
import { adminCredentialsAction } from "~/features/credentials/admin-credentials-action.server";
import { AdminDeliveredFiles } from "~/features/delivered-files/components/admin-delivered-files";
import type { DeliveredFilesView } from "~/features/delivered-files/delivered-file-views";
import {
  addDeliveredFileAction,
  removeDeliveredFileAction,
} from "~/features/delivered-files/delivered-files-action.server";
import {
  ADD_DELIVERED_FILE_INTENT,
  REMOVE_DELIVERED_FILE_INTENT,
} from "~/features/delivered-files/delivered-files.schemas";
import { listDeliveredFiles } from "~/features/delivered-files/list-delivered-files.server";
import { AdminGoogleBusinessInfo } from "~/features/information/google-business/components/admin-google-business-info";
import { getGoogleBusinessInfo } from "~/features/information/google-business/get-google-business-info.server";
import { MessagesPanel } from "~/features/messages/components/messages-panel";
import { conversationFrame } from "~/features/messages/conversation-frame";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesReadAction, sendMessageAction } from "~/features/messages/messages-action.server";
import { MARK_MESSAGES_READ_INTENT, SEND_MESSAGE_INTENT } from "~/features/messages/messages.schemas";
import { AdminNotesTab } from "~/features/notes/components/admin-notes-tab";
import { adminNotesAction } from "~/features/notes/admin-notes-action.server";
import { listNotes } from "~/features/notes/list-notes.server";
import type { NotesLoad } from "~/features/notes/note-views";
import { DELETE_NOTE_INTENT, SAVE_NOTE_INTENT } from "~/features/notes/notes.schemas";
import { AdminPaymentsTab } from "~/features/payments/review/components/admin-payments-tab";
import { decidePaymentAction } from "~/features/payments/review/decide-payment-action.server";
import { REFUND_PAYMENT_INTENT } from "~/features/payments/refunds/payment-refunds";
import { refundPaymentAction } from "~/features/payments/refunds/refund-payment-action.server";
import { DECIDE_PAYMENT_INTENT } from "~/features/payments/review/payment-review";
import { listPaymentsForReview } from "~/features/payments/review/list-payments-for-review.server";
import { AdminProgressChecklist } from "~/features/progress/components/admin-progress-checklist";
import { getCustomerProgress } from "~/features/progress/get-customer-progress.server";
import type { ProgressLoad } from "~/features/progress/progress-views";
import { PROGRESS_INTENT, progressToggleFormSchema } from "~/features/progress/progress.schemas";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { useMarkInformationSeen } from "~/features/work-queue/components/use-mark-information-seen";
import { markInformationReviewed } from "~/features/work-queue/mark-information-reviewed.server";
import { MARK_REVIEWED_INTENT } from "~/features/work-queue/work-queue.schemas";
import { assignCustomerAction } from "~/features/users/assign-customer-action.server";
import { ASSIGN_CUSTOMER_INTENT } from "~/features/users/assignment.schemas";
import { CustomerAssignment } from "~/features/users/components/customer-assignment";
import { CustomerAvatar } from "~/features/users/components/customer-avatar";
import { getCustomer } from "~/features/users/get-customer.server";
import { getCustomerAssignment } from "~/features/users/get-customer-assignment.server";
import { AdminWebsiteInfo } from "~/features/information/website/components/admin-website-info";
import { getWebsiteInfo } from "~/features/information/website/get-website-info.server";
import { AppError } from "~/lib/http/app-error";
import { isActionResult, type ActionResult } from "~/lib/http/forms";
import { parseForm } from "~/lib/http/forms.server";
import { actionFailure, loaderFailure } from "~/lib/http/error-answer.server";
import { dispatchIntent } from "~/lib/http/intents.server";
import { requestContext } from "~/lib/http/request-context.server";
import { translate } from "~/lib/i18n/translate";
import { services, sessionUser } from "~/lib/auth/route-guards.server";
import type { I18n } from "@lingui/core";
import type { Route } from "./+types/user-detail";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.customer.fullName || loaderData?.title || "Customer" },
];

// The admin layout's middleware has already refused everyone but the team; the use cases check the actor again (a
// staff member on a customer not assigned to them gets 404). Payments are the admins': a staff member's page has none.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { database } = services(context);
  const actor = sessionUser(context);
  let customer;
  try {
    customer = await getCustomer(database, actor, { userId: params.userId });
  } catch (error) {
    loaderFailure(error, requestContext(context).i18n);
  }
  const canReviewPayments = actor?.isAdmin === true;
  // A failure to load payments is logged and the tab shows no payments: the rest of the customer's page still opens.
  const payments = canReviewPayments
    ? await listPaymentsForReview(database, actor, { userId: customer.id }).catch((error: unknown) => {
        console.error("Failed to load payments:", error);
        return [];
      })
    : [];
  const [
    googleBusinessInfo,
    websiteInfo,
    progress,
    { cards: credentials },
    notes,
    thread,
    settings,
    rounds,
    deliveredFiles,
    assignment,
    pendingDeletion,
  ] = await Promise.all([
    getGoogleBusinessInfo({ db: database.db }, actor, { userId: customer.id }),
    getWebsiteInfo({ db: database.db }, actor, { userId: customer.id }),
    getCustomerProgress(database, actor, { userId: customer.id }).then(
      (records): ProgressLoad => ({ ok: true, progress: records }),
      (error: unknown): ProgressLoad => {
        console.error("Failed to load progress:", error);
        return { ok: false };
      },
    ),
    listCredentials(database, actor, { userId: customer.id }),
    // A failure to load notes is logged and the tab says 'Failed to load notes'.
    listNotes(database, actor, { userId: customer.id }).then(
      (list): NotesLoad => ({ ok: true, notes: list }),
      (error: unknown): NotesLoad => {
        console.error("Failed to load notes:", error);
        return { ok: false };
      },
    ),
    listMessages(database.db, actor, { userId: customer.id }),
    services(context).settings.get(),
    listReviewRounds(database.db, actor, customer.id),
    listDeliveredFiles(database.db, actor, customer.id),
    getCustomerAssignment(database.db, actor, { userId: customer.id }),
    // Deletions are the admins' to decide: a staff member's page shows no request.
    canReviewPayments ? getPendingDeletionRequest(database.db, actor, customer.id) : null,
  ]);
  const { i18n } = requestContext(context);
  const title = i18n._(msg`Customer`);
  const frame = conversationFrame(settings.general, i18n);
  return {
    customer,
    payments,
    canReviewPayments,
    assignment,
    pendingDeletion,
    googleBusinessInfo,
    websiteInfo,
    progress,
    credentials,
    notes,
    thread,
    frame,
    rounds,
    deliveredFiles,
    title,
  };
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [
  DECIDE_PAYMENT_INTENT,
  REFUND_PAYMENT_INTENT,
  PROGRESS_INTENT,
  SAVE_CREDENTIALS_INTENT,
  SAVE_NOTE_INTENT,
  DELETE_NOTE_INTENT,
  MARK_REVIEWED_INTENT,
  SEND_MESSAGE_INTENT,
  MARK_MESSAGES_READ_INTENT,
  REQUEST_APPROVAL_INTENT,
  ADD_DELIVERED_FILE_INTENT,
  REMOVE_DELIVERED_FILE_INTENT,
  ASSIGN_CUSTOMER_INTENT,
  DELETE_CUSTOMER_INTENT,
  APPROVE_DELETION_INTENT,
  DECLINE_DELETION_INTENT,
] as const;

/**
 * The page's forms, by `intent`: the payment card's decision (paymentId, decision, notes) and refund (paymentId,
 * amount, reason; admins only, a payment of this customer only), a progress toggle
 * (service, step, done), the Credenciales tab's save (the three cards' fields), the Notes tab's save and delete,
 * the information tabs' note that the admin has seen a form (posted when the tab is shown), and a service
 * tab's 'Request approval' and delivered files (add, remove), the header's 'Assigned to' and 'Delete customer'
 * (admins only), and the answers to the customer's deletion request (admins only; that customer's request only).
 * Any other intent is refused with 400.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { i18n, user: actor } = requestContext(context);
  const userId = params.userId;
  return dispatchIntent(request, i18n, intents, {
    [DECIDE_PAYMENT_INTENT]: (form) => decidePaymentAction(services(context), actor, form, i18n),
    [REFUND_PAYMENT_INTENT]: (form) => refundPaymentAction(services(context), actor, { userId, form }, i18n),
    [PROGRESS_INTENT]: (form) => progressAction(form, context, userId, i18n),
    [SAVE_CREDENTIALS_INTENT]: (form) => adminCredentialsAction(services(context), actor, { userId, form }, i18n),
    [SAVE_NOTE_INTENT]: (form) => adminNotesAction(services(context), actor, { userId, form }, i18n),
    [DELETE_NOTE_INTENT]: (form) => adminNotesAction(services(context), actor, { userId, form }, i18n),
    [MARK_REVIEWED_INTENT]: (form) => markReviewedAction(form, context, userId, i18n),
    [SEND_MESSAGE_INTENT]: (form) => sendMessageAction(services(context), actor, { userId, form }, i18n),
    [MARK_MESSAGES_READ_INTENT]: (form) => markMessagesReadAction(services(context), actor, { userId, form }, i18n),
    [REQUEST_APPROVAL_INTENT]: (form) => requestApprovalAction(services(context), actor, { userId, form }, i18n),
    [ADD_DELIVERED_FILE_INTENT]: (form) => addDeliveredFileAction(services(context), actor, { userId, form }, i18n),
    [REMOVE_DELIVERED_FILE_INTENT]: (form) =>
      removeDeliveredFileAction(services(context), actor, { userId, form }, i18n),
    [ASSIGN_CUSTOMER_INTENT]: (form) => assignCustomerAction(services(context), actor, { userId, form }, i18n),
    [DELETE_CUSTOMER_INTENT]: (form) => deleteCustomerAction(services(context), actor, { userId, form }, i18n),
    [APPROVE_DELETION_INTENT]: (form) => approveDeletionAction(services(context), actor, form, i18n, userId),
    [DECLINE_DELETION_INTENT]: (form) => declineDeletionAction(services(context), actor, form, i18n, userId),
  });
}

/** A progress toggle: any refusal answers one message, 'Failed to update progress', with its status. */
async function progressAction(form: FormData, context: Route.ActionArgs["context"], userId: string, i18n: I18n) {
  // Both answers ('Failed to update progress', 'Progress updated') in the request's language.
  const failed = (status: number) =>
    data<ActionResult>({ ok: false, error: i18n._(msg`Failed to update progress`) }, { status });
  const parsed = await parseForm(form, progressToggleFormSchema);
  if (!parsed.ok) return failed(400);
  const { database, bus } = services(context);
  try {
    const { service, step, done, withEarlier } = parsed.value;
    await toggleProgressStep({ db: database.db, bus }, sessionUser(context), {
      userId,
      service,
      step,
      done,
      withEarlier,
    });
    return { ok: true, title: i18n._(msg`Progress updated`) } satisfies ActionResult;
  } catch (error) {
    if (error instanceof AppError) return failed(error.status);
    console.error("Failed to update progress:", error);
    return failed(500);
  }
}

/** The information tab shown: its form, in the version shown, leaves the work queue (no toast either way). */
async function markReviewedAction(form: FormData, context: Route.ActionArgs["context"], userId: string, i18n: I18n) {
  const { database, bus } = services(context);
  try {
    const { marked } = await markInformationReviewed({ db: database.db, bus }, sessionUser(context), {
      userId,
      form: String(form.get("form") ?? ""),
      seenAt: String(form.get("seenAt") ?? ""),
    });
    return { ok: true, marked };
  } catch (error) {
    return actionFailure(error, i18n);
  }
}

/**
 * The status a progress toggle answers in the browser when its request could not be sent (offline). Both
 * clientAction and shouldRevalidate read it, and that is on purpose: React Router moves a clientAction
 * that shares nothing with the rest of the module into a chunk of its own, fetched only when first
 * needed, which offline it cannot be. Sharing this statement keeps it in the page's own chunk.
 */
const NOT_SENT_STATUS = 503;

/**
 * In the browser: a progress toggle that cannot reach the server (offline) answers 'Failed to update
 * progress' like a refusal, so the toggle goes back instead of the page turning into its error screen.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    if (intent !== PROGRESS_INTENT) throw error;
    console.error("Failed to update progress:", error);
    return data<ActionResult>(
      { ok: false, error: translate(msg`Failed to update progress`) },
      { status: NOT_SENT_STATUS },
    );
  }
}

/** A refused or unsent save changed nothing: the page's data need not (and, offline, cannot) reload. */
export function shouldRevalidate({
  actionResult,
  actionStatus,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === NOT_SENT_STATUS || (isActionResult(actionResult) && !actionResult.ok)) return false;
  // Marking a form seen changes nothing this page shows; a read thread's change reaches it live.
  const intent = formData?.get("intent");
  if (intent === MARK_REVIEWED_INTENT || intent === MARK_MESSAGES_READ_INTENT) return false;
  // A deleted customer's page is gone: the admin goes on to the customer list instead.
  if (intent === DELETE_CUSTOMER_INTENT || intent === APPROVE_DELETION_INTENT) return false;
  return defaultShouldRevalidate;
}

/** A service tab: the customer's information on the left, the progress checklist on the right; stacked on phones. */
function ServiceColumns({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-6 lg:grid-cols-2">{children}</div>;
}

/** Under a service tab's columns: the rounds sent for approval and the files delivered, side by side on wide screens. */
function ServiceJob({
  service,
  rounds,
  files,
  action,
}: {
  service: ServiceType;
  rounds: ReviewRoundsView;
  files: DeliveredFilesView;
  action: string;
}) {
  return (
    <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
      <AdminApprovals service={service} rounds={rounds[service]} action={action} />
      <AdminDeliveredFiles service={service} files={files[service]} action={action} />
    </div>
  );
}

const CUSTOMER_TABS = ["payments", "messages", "notes", "google-business", "website", "credentials"];

function BackToUsers() {
  const { t } = useLingui();
  return (
    <Button asChild variant="ghost" size="icon" aria-label={t`Back to users`}>
      <Link to="/admin/users">
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  );
}

export default function AdminUserDetail({ loaderData }: Route.ComponentProps) {
  const {
    customer,
    payments,
    canReviewPayments,
    assignment,
    pendingDeletion,
    googleBusinessInfo,
    websiteInfo,
    progress,
    credentials,
    notes,
    thread,
    frame,
    rounds,
    deliveredFiles,
  } = loaderData;
  const { t } = useLingui();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // The work queue links an information form to its tab (?tab=google-business / website).
  // A link followed while this page is open (a notice in the bell) switches the tab too.
  const [searchParams] = useSearchParams();
  const requestedTab = searchParams.get("tab");
  // Payments are the admins': a staff member's page opens on Messages and has no Payments tab.
  const valid = (name: string | null): name is string =>
    name !== null && CUSTOMER_TABS.includes(name) && (canReviewPayments || name !== "payments");
  const [tab, setTab] = useState(valid(requestedTab) ? requestedTab : canReviewPayments ? "payments" : "messages");
  const [followedTab, setFollowedTab] = useState(requestedTab);
  if (requestedTab !== followedTab) {
    setFollowedTab(requestedTab);
    if (valid(requestedTab)) setTab(requestedTab);
  }
  // An information tab being shown is the admin seeing that form: it leaves the work queue.
  const shown =
    tab === "google-business"
      ? { form: "google_business" as const, info: googleBusinessInfo }
      : tab === "website"
        ? { form: "website" as const, info: websiteInfo }
        : null;
  useMarkInformationSeen(customer.id, shown?.form ?? null, shown?.info?.updatedAt ?? null);
  // This page's own path: its action takes every form on it.
  const action = `/admin/users/${customer.id}`;
  // Reloading this page's data (a live update, or the reload after a decision, which a fetcher in its
  // "loading" state stands for): the list shown may be about to change.
  const reloading =
    revalidator.state === "loading" ||
    fetchers.some((fetcher) => fetcher.state === "loading") ||
    (navigation.state === "loading" && navigation.location.pathname === action);

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

      <Tabs value={tab} onValueChange={setTab}>
        <div className="overflow-x-auto">
          <TabsList aria-label={t`Customer sections`}>
            {canReviewPayments ? <TabsTrigger value="payments">{t`Payments`}</TabsTrigger> : null}
            <TabsTrigger value="messages">
              {t`Messages`}
              {thread.unread > 0 ? (
                <span className="ml-1.5 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                  <span aria-hidden="true">{thread.unread}</span>
                  <span className="sr-only">{t`${thread.unread} unread`}</span>
                </span>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="notes">{t`Notes`}</TabsTrigger>
            <TabsTrigger value="google-business">Google Business</TabsTrigger>
            <TabsTrigger value="website">{t`Web Site`}</TabsTrigger>
            <TabsTrigger value="credentials">{t`Credentials`}</TabsTrigger>
          </TabsList>
        </div>
        {canReviewPayments ? (
          <TabsContent value="payments">
            <AdminPaymentsTab payments={payments} loading={reloading} />
          </TabsContent>
        ) : null}
        <TabsContent value="messages">
          <MessagesPanel
            thread={thread}
            frame={frame}
            viewerIsAgency
            action={action}
            earlierPath={`/resources/messages/${customer.id}`}
          />
        </TabsContent>
        <TabsContent value="google-business">
          <ServiceColumns>
            <AdminGoogleBusinessInfo info={googleBusinessInfo} userId={customer.id} />
            <AdminProgressChecklist
              service="google_business"
              record={progress.ok ? progress.progress.google_business : null}
              failed={!progress.ok}
            />
          </ServiceColumns>
          <ServiceJob service="google_business" rounds={rounds} files={deliveredFiles} action={action} />
        </TabsContent>
        <TabsContent value="website">
          <ServiceColumns>
            <AdminWebsiteInfo info={websiteInfo} />
            <AdminProgressChecklist
              service="website"
              record={progress.ok ? progress.progress.website : null}
              failed={!progress.ok}
            />
          </ServiceColumns>
          <ServiceJob service="website" rounds={rounds} files={deliveredFiles} action={action} />
        </TabsContent>
        <TabsContent value="credentials">
          <AdminCredentialsTab cards={credentials} />
        </TabsContent>
        <TabsContent value="notes">
          <AdminNotesTab notes={notes} />
        </TabsContent>
      </Tabs>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A staff member reaches only the customers assigned to them; the page says so without saying whether this one exists.
  const staff = useRouteLoaderData<{ role: string }>("routes/admin/layout")?.role === "staff";
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
