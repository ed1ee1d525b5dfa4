import { msg } from "@lingui/core/macro";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ServiceType } from "~/domain/service-catalog";
import { REQUEST_APPROVAL_INTENT, requestApprovalFormSchema } from "~/features/approvals/approvals.schemas";
import { AdminApprovals } from "~/features/approvals/components/admin-approvals";
import { listReviewRounds } from "~/features/approvals/list-review-rounds.server";
import { requestApproval } from "~/features/approvals/request-approval.server";
import { addDeliveredFile } from "~/features/delivered-files/add-delivered-file.server";
import { AdminDeliveredFiles } from "~/features/delivered-files/components/admin-delivered-files";
import {
  ADD_DELIVERED_FILE_INTENT,
  addDeliveredFileFormSchema,
  REMOVE_DELIVERED_FILE_INTENT,
  removeDeliveredFileFormSchema,
} from "~/features/delivered-files/delivered-files.schemas";
import { listDeliveredFiles } from "~/features/delivered-files/list-delivered-files.server";
import { removeDeliveredFile } from "~/features/delivered-files/remove-delivered-file.server";
import { AdminGoogleBusinessInfo } from "~/features/information/google-business/components/admin-google-business-info";
import { getGoogleBusinessInfo } from "~/features/information/google-business/get-google-business-info.server";
import { AdminWebsiteInfo } from "~/features/information/website/components/admin-website-info";
import { getWebsiteInfo } from "~/features/information/website/get-website-info.server";
import { AdminProgressChecklist } from "~/features/progress/components/admin-progress-checklist";
import { getCustomerProgress } from "~/features/progress/get-customer-progress.server";
import { PROGRESS_INTENT, progressToggleFormSchema } from "~/features/progress/progress.schemas";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { useMarkInformationSeen } from "~/features/work-queue/components/use-mark-information-seen";
import { markInformationReviewed } from "~/features/work-queue/mark-information-reviewed.server";
import { MARK_REVIEWED_INTENT } from "~/features/work-queue/work-queue.schemas";
import { form, intentAction } from "~/lib/http/actions.server";
import { AppError } from "~/lib/http/app-error";
import { loaderFailure } from "~/lib/http/error-answer.server";
import type { ActionResult } from "~/lib/http/forms";
import { customerPagePath, customerTabAt } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { translate } from "~/lib/i18n/translate";
import { tabShouldRevalidate } from "./revalidation";
import { TabError } from "./tab-error";
import type { Route } from "./+types/service";

/** The service tabs and their paths: this one module is both (app/routes.ts), the service read from the path. */
const TAB_OF_SERVICE = { google_business: "google-business", website: "website" } as const;
const SERVICE_OF_TAB: Readonly<Record<string, ServiceType>> = {
  "google-business": "google_business",
  website: "website",
};

/**
 * A service tab (Google Business, Web Site): the customer's information form and the service's progress checklist,
 * then the rounds sent for approval and the files delivered. A failure to read the progress is logged and the
 * checklist says so; the rest of the tab still opens.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, user: actor, i18n } = requestContext(context);
  const userId = params.userId;
  const service = SERVICE_OF_TAB[customerTabAt(new URL(request.url).pathname)];
  if (!service) throw data("Not found", { status: 404 });
  try {
    const [information, progress, rounds, files] = await Promise.all([
      service === "google_business"
        ? getGoogleBusinessInfo(services, actor, { userId }).then((info) => ({
            service: "google_business" as const,
            info,
          }))
        : getWebsiteInfo(services, actor, { userId }).then((info) => ({
            service: "website" as const,
            info,
          })),
      getCustomerProgress(services, actor, { userId }).then(
        (records) => ({ ok: true as const, record: records[service] }),
        (error: unknown) => {
          console.error("Failed to load progress:", error);
          return { ok: false as const };
        },
      ),
      listReviewRounds(services, actor, userId),
      listDeliveredFiles(services, actor, userId),
    ]);
    return { information, progress, rounds: rounds[service], files: files[service] };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

/** The forms this tab's action takes (the matrix tries each). */
export const intents = [
  PROGRESS_INTENT,
  MARK_REVIEWED_INTENT,
  REQUEST_APPROVAL_INTENT,
  ADD_DELIVERED_FILE_INTENT,
  REMOVE_DELIVERED_FILE_INTENT,
] as const;

/**
 * A service tab's forms, by `intent`: a progress toggle (service, step, done), the note that the admin has seen the
 * information form (posted when the tab is shown), 'Request approval' and the delivered files (add, remove). Any
 * other intent is refused with 400.
 */
export async function action(args: Route.ActionArgs) {
  const { userId } = args.params;
  return intentAction(args, intents, {
    [PROGRESS_INTENT]: form({
      schema: progressToggleFormSchema,
      invalid: (_, { i18n }) => i18n._(PROGRESS_FAILED),
      run: ({ services, user }, { service, step, done, withEarlier }) =>
        toggleProgressStep(services, user, { userId, service, step, done, withEarlier }).catch((error: unknown) => {
          // The checklist shows one message for any refusal; the status stays the refusal's.
          throw error instanceof AppError ? new AppError(error.code, { message: PROGRESS_FAILED }) : error;
        }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Progress updated`) }),
    }),
    // The information form, in the version shown (seenAt), leaves the work queue; no toast either way.
    [MARK_REVIEWED_INTENT]: form({
      run: ({ services, user, form: posted }) =>
        markInformationReviewed(services, user, {
          userId,
          form: String(posted.get("form") ?? ""),
          seenAt: String(posted.get("seenAt") ?? ""),
        }),
      success: (_, { marked }) => ({ ok: true as const, marked }),
    }),
    // service, purpose, title, message, link, files: the round goes to the customer.
    [REQUEST_APPROVAL_INTENT]: form({
      schema: requestApprovalFormSchema,
      run: ({ services, user, form: posted }, { service, purpose, title, message, link }) =>
        requestApproval(services, user, {
          userId,
          service,
          purpose,
          title,
          message,
          link: link ?? undefined,
          files: posted.getAll("files"),
        }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Sent to the customer for approval`) }),
    }),
    [ADD_DELIVERED_FILE_INTENT]: form({
      schema: addDeliveredFileFormSchema,
      run: ({ services, user, form: posted }, { service }) =>
        addDeliveredFile(services, user, { userId, service, file: posted.get("file") }),
      success: ({ i18n }) => ({
        ok: true as const,
        title: i18n._(msg`File added`),
        message: i18n._(msg`The customer can download it now.`),
      }),
    }),
    [REMOVE_DELIVERED_FILE_INTENT]: form({
      schema: removeDeliveredFileFormSchema,
      run: ({ services, user }, { fileId }) => removeDeliveredFile(services, user, { userId, fileId }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`File removed`) }),
    }),
  });
}

/** What the checklist says when a toggle is refused or cannot be sent. */
const PROGRESS_FAILED = msg`Failed to update progress`;

/**
 * The status a progress toggle answers in the browser when its request could not be sent (offline). Both
 * clientAction and shouldRevalidate read it, and that is on purpose: React Router moves a clientAction
 * that shares nothing with the rest of the module into a chunk of its own, fetched only when first
 * needed, which offline it cannot be. Sharing this statement keeps it in the tab's own chunk.
 */
const NOT_SENT_STATUS = 503;

/**
 * In the browser: a progress toggle that cannot reach the server (offline) answers 'Failed to update
 * progress' like a refusal, so the toggle goes back instead of the tab turning into its error screen.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    if (intent !== PROGRESS_INTENT) throw error;
    console.error("Failed to update progress:", error);
    return data<ActionResult>({ ok: false, error: translate(PROGRESS_FAILED) }, { status: NOT_SENT_STATUS });
  }
}

/** An unsent toggle changed nothing: the tab's data need not (and, offline, cannot) reload. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.actionStatus !== NOT_SENT_STATUS && tabShouldRevalidate(args);
}

/** The customer's information on the left, the progress checklist on the right; stacked on phones. */
function ServiceColumns({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-6 lg:grid-cols-2">{children}</div>;
}

export default function ServiceTab({ loaderData, params }: Route.ComponentProps) {
  const { information, progress, rounds, files } = loaderData;
  const { service } = information;
  // This tab being shown is the admin seeing its information form: it leaves the work queue.
  useMarkInformationSeen(params.userId, service, information.info?.updatedAt ?? null);
  // This tab's own path: its action takes the forms below.
  const action = customerPagePath(params.userId, TAB_OF_SERVICE[service]);
  return (
    <>
      <ServiceColumns>
        {information.service === "google_business" ? (
          <AdminGoogleBusinessInfo info={information.info} userId={params.userId} />
        ) : (
          <AdminWebsiteInfo info={information.info} />
        )}
        <AdminProgressChecklist service={service} record={progress.ok ? progress.record : null} failed={!progress.ok} />
      </ServiceColumns>
      {/* Under the columns: the rounds sent for approval and the files delivered, side by side on wide screens. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <AdminApprovals service={service} rounds={rounds} action={action} />
        <AdminDeliveredFiles service={service} files={files} action={action} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
