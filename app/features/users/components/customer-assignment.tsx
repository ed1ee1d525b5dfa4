import { useLingui } from "@lingui/react/macro";
import { UserRoundCog } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import type { ActionResult } from "~/lib/http/forms";
import { ASSIGN_CUSTOMER_INTENT } from "../assignment.schemas";
import type { CustomerAssignmentView } from "../assignment-views";

/**
 * The customer header's 'Assigned to': the names of the team members who look after the customer. An admin's is a
 * button that opens a dialog with a checkbox per active member and Save (Radix keeps the focus inside and Escape
 * closes it); a staff member reads the names only.
 */
export function CustomerAssignment({ assignment, action }: { assignment: CustomerAssignmentView; action: string }) {
  const { t } = useLingui();
  const names = assignment.assigned.map((member) => member.name).join(", ") || t`Nobody`;
  if (!assignment.choices) {
    return (
      <p className="text-sm text-slate-600" data-testid="customer-assignees">
        <span className="font-medium text-slate-700">{t`Assigned to`}:</span> {names}
      </p>
    );
  }
  return <AssignmentDialog assignment={assignment} choices={assignment.choices} names={names} action={action} />;
}

function AssignmentDialog({
  assignment,
  choices,
  names,
  action,
}: {
  assignment: CustomerAssignmentView;
  choices: NonNullable<CustomerAssignmentView["choices"]>;
  names: string;
  action: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  useActionToast(fetcher.data, { onSuccess: () => setOpen(false) });
  const assigned = new Set(assignment.assigned.map((member) => member.id));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="max-w-full" data-testid="customer-assignees">
          <UserRoundCog aria-hidden="true" />
          <span className="truncate">
            {t`Assigned to`}: {names}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t`Assigned to`}
        description={t`The team members who look after this customer: they see the customer's pages and hear of their news.`}
      >
        <fetcher.Form method="post" action={action} className="space-y-4">
          <input type="hidden" name="intent" value={ASSIGN_CUSTOMER_INTENT} />
          <fieldset className="space-y-1">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t`Team members`}</legend>
            {choices.map((member) => (
              <label
                key={member.id}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm text-slate-900 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  name="memberIds"
                  value={member.id}
                  defaultChecked={assigned.has(member.id)}
                  className="size-4"
                />
                {member.name}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {t`Cancel`}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t`Saving...` : t`Save`}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
