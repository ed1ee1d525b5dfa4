import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { InformationForm } from "../work-queue-views";
import { MARK_REVIEWED_INTENT } from "../work-queue.schemas";

/**
 * Tells the customer page's action that the admin is being shown an information form (its tab is open), in the
 * version saved at `savedAt`: the form leaves the work queue. Posted once per version shown, so a customer's new
 * save that reaches the open tab live is marked too; nothing is posted for a form not sent yet or a tab not open.
 */
export function useMarkInformationSeen(userId: string, shown: InformationForm | null, savedAt: string | null): void {
  const { submit } = useFetcher({ key: `mark-reviewed-${userId}` });
  useEffect(() => {
    if (!shown || !savedAt) return;
    void submit({ intent: MARK_REVIEWED_INTENT, form: shown, seenAt: savedAt }, { method: "post" });
  }, [userId, shown, savedAt, submit]);
}
