import { useLingui } from "@lingui/react/macro";
import { Clock } from "lucide-react";
import { useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { isActionResult } from "~/lib/http/forms";
import { formatDate } from "~/lib/i18n/format";
import { APPROVE_DELETION_INTENT, blockerList, DECLINE_DELETION_INTENT } from "../account-deletion";
import type { PendingDeletionRequest } from "../deletion-views";
import { ApproveDeletionDialog, DeclineDeletionDialog } from "./deletion-request-row";
import { CUSTOMER_LIST } from "~/lib/http/paths";

/**
 * On an admin's page of a customer: the customer's deletion request waiting for the agency, when it was asked and
 * what holds it back now, with the work queue's two answers. The dialogs post to the page's header (its own path)
 * through one fetcher, so the tab open under it stays open. Approving erases the customer, so the admin goes on to
 * the customer list with the toast; declining reloads the header, without the notice. The answers are read here,
 * mounted whether or not a request waits, so a decline's toast outlives it.
 */
export function PendingDeletionNotice({
  request,
  customerName,
}: {
  request: PendingDeletionRequest | null;
  customerName: string;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<"approve" | "decline" | null>(null);
  useDeletionAnswers();
  if (!request) return null;
  const name = customerName || t`Unnamed customer`;
  const holding = blockerList(i18n, request.blockers);
  const askedOn = formatDate(request.requestedAt, i18n.locale, { dateStyle: "long" });
  return (
    <section
      aria-labelledby="pending-deletion-heading"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="pending-deletion"
    >
      <div className="flex min-w-0 gap-2">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0">
          <h2 id="pending-deletion-heading" className="font-semibold">
            {t`Deletion requested`}
          </h2>
          <p>{t`Asked on ${askedOn}.`}</p>
          <p>{holding ? t`Waiting for the agency: ${holding}` : t`Nothing holds it back any more`}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen("decline")}>
          {t`Decline`}
        </Button>
        <Button type="button" variant="destructive" size="sm" onClick={() => setOpen("approve")}>
          {t`Approve and delete`}
        </Button>
      </div>
      {open === "approve" ? (
        <ApproveDeletionDialog
          request={request}
          name={name}
          onClose={() => setOpen(null)}
          fetcherKey={DELETION_ANSWERS}
        />
      ) : null}
      {open === "decline" ? (
        <DeclineDeletionDialog
          request={request}
          name={name}
          onClose={() => setOpen(null)}
          fetcherKey={DELETION_ANSWERS}
        />
      ) : null}
    </section>
  );
}

/** The fetcher the notice's dialogs post through, which keeps their answer once the dialog is closed. */
const DELETION_ANSWERS = "pending-deletion-answer";

/** The answers to this notice's approve and decline forms, as toasts, once each. */
function useDeletionAnswers() {
  const navigate = useNavigate();
  const fetcher = useFetcher<unknown>({ key: DELETION_ANSWERS });
  const sending = fetcher.formData?.get("intent");
  const [sent, setSent] = useState<string | null>(null);
  if ((sending === APPROVE_DELETION_INTENT || sending === DECLINE_DELETION_INTENT) && sent !== sending)
    setSent(sending);
  const answer = sent && fetcher.state === "idle" && isActionResult(fetcher.data) ? fetcher.data : undefined;
  useActionToast(answer, {
    onSuccess: () => {
      if (sent === APPROVE_DELETION_INTENT) void navigate(CUSTOMER_LIST, { replace: true });
      setSent(null);
      fetcher.reset();
    },
    onFailure: () => {
      setSent(null);
      fetcher.reset();
    },
  });
}

/**
 * On the customer page's "Customer not found" screen: the erasure's live change can reload the page before the
 * approval's own answer arrives, and the notice that waited for it is gone; the answer still gets its toast and the
 * admin still goes on to the customer list. Only an answer nobody has shown yet counts (the notice resets its own).
 */
export function useErasedCustomerAnswer() {
  const navigate = useNavigate();
  const fetcher = useFetcher<unknown>({ key: DELETION_ANSWERS });
  const answer = fetcher.state === "idle" && isActionResult(fetcher.data) && fetcher.data.ok ? fetcher.data : undefined;
  useActionToast(answer, {
    onSuccess: () => {
      fetcher.reset();
      void navigate(CUSTOMER_LIST, { replace: true });
    },
  });
}
