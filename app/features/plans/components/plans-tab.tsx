import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { CalendarSync } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ConfirmActionDialog } from "~/components/forms/confirm-action-dialog";
import { FieldError, RequiredMark, TextField, type FieldMeta } from "~/components/forms/form-section";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, useFocusReturn } from "~/components/ui/dialog";
import { StackedTableHead } from "~/components/ui/stacked-table-head";
import { Textarea } from "~/components/ui/textarea";
import type { ServiceType } from "~/domain/service-catalog";
import { serviceNameIn } from "~/domain/service-texts";
import { isLocale } from "~/lib/i18n/locales";
import { formatMoney } from "~/lib/i18n/format";
import type { ActionFailure, ActionResult } from "~/lib/http/forms";
import type { PlanView } from "../plan-views";
import { planText } from "../plans";
import {
  CREATE_PLAN_INTENT,
  createPlanSchema,
  OFFER_PLAN_AGAIN_INTENT,
  PLAN_DESCRIPTION_MAX,
  PLAN_FOLLOWS_CHOICES,
  PLAN_NAME_MAX,
  PLAN_PRICE_MAX,
  RETIRE_PLAN_INTENT,
  UPDATE_PLAN_INTENT,
  updatePlanSchema,
} from "../plans.schemas";

/** The fields both plan forms have, in the order the schema checks them (the first error is the toast's). */
const PLAN_FIELDS = [
  "nameEn",
  "nameEs",
  "descriptionEn",
  "descriptionEs",
  "price",
  "follows",
  "beforeFinished",
] as const;
type PlanField = (typeof PLAN_FIELDS)[number];
type PlanFieldMetas = Record<PlanField, FieldMeta>;

/** A plan's name in the admin's language. */
function usePlanName(plan: PlanView): string {
  const { i18n } = useLingui();
  return planText(plan, isLocale(i18n.locale) ? i18n.locale : "en").name;
}

/**
 * The settings' Plans tab: every plan with its monthly price, the service it follows, how many subscriptions hold
 * it and whether it is retired; 'Edit', 'Retire' (after a confirmation) and 'Offer again'; and the 'New plan' form.
 * The card provider charges every plan, so without card payments the tab says what to set instead of offering the
 * form (the plans already made are still listed, and may be retired).
 */
export function PlansTab({ plans, cardPayments }: { plans: PlanView[]; cardPayments: boolean }) {
  const { t } = useLingui();
  const [creating, setCreating] = useState(false);
  const opener = useFocusReturn(creating);
  return (
    <section aria-labelledby="plans-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
            {t`Care plans`}
          </h2>
          <p className="text-sm text-slate-600">{t`Monthly plans customers pay by card. A plan is never deleted: retire it, and its subscribers keep it.`}</p>
        </div>
        {cardPayments ? (
          <Button ref={opener} type="button" onClick={() => setCreating(true)}>
            <CalendarSync aria-hidden="true" />
            {t`New plan`}
          </Button>
        ) : null}
      </div>
      {cardPayments ? null : (
        <p
          className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="plans-no-card"
        >
          {t`Plans are charged monthly by card: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell them.`}
        </p>
      )}
      {plans.length === 0 ? (
        <Card className="p-6 text-slate-700">{t`No plans yet`}</Card>
      ) : (
        <PlansTable plans={plans} cardPayments={cardPayments} />
      )}
      {creating ? <NewPlanDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

/** The plans as a table; below the md width each row becomes a card (each cell with its column's name before it). */
function PlansTable({ plans, cardPayments }: { plans: PlanView[]; cardPayments: boolean }) {
  const { t } = useLingui();
  const headings = {
    plan: t`Plan`,
    price: t`Price`,
    follows: t`Follows`,
    subscribers: t`Subscribers`,
    state: t`State`,
    actions: t`Actions`,
  };
  return (
    <Card className="md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table md:min-w-[760px]">
        <caption className="sr-only">{t`Care plans`}</caption>
        <StackedTableHead headings={Object.values(headings)} />
        <tbody className="block md:table-row-group">
          {plans.map((plan) => (
            <PlanRow key={plan.id} plan={plan} headings={headings} cardPayments={cardPayments} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

const cell =
  "flex gap-3 px-4 py-1 before:w-28 before:shrink-0 before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:align-middle md:before:content-none";

function PlanRow({
  plan,
  headings,
  cardPayments,
}: {
  plan: PlanView;
  headings: Record<"price" | "follows" | "subscribers" | "state" | "actions", string>;
  cardPayments: boolean;
}) {
  const { t, i18n } = useLingui();
  const name = usePlanName(plan);
  const price = formatMoney(plan.price, i18n.locale);
  const [editing, setEditing] = useState(false);
  const editOpener = useFocusReturn(editing);
  const [retiring, setRetiring] = useState(false);
  // After a retirement the button is gone (Offer again takes its place); after 'Cancel' it gets the focus back.
  const retireOpener = useFocusReturn(retiring);
  return (
    <tr data-testid="plan-row" className="block border-b border-slate-100 py-2 last:border-0 md:table-row md:py-0">
      <th scope="row" className="block px-4 py-2 text-left font-semibold text-slate-900 md:table-cell md:py-3">
        {name}
      </th>
      <td data-label={headings.price} className={`${cell} text-slate-700 md:whitespace-nowrap`}>
        {t`${price} a month`}
      </td>
      <td data-label={headings.follows} className={`${cell} text-slate-700`}>
        <span>
          {plan.follows ? serviceNameIn(i18n, plan.follows) : t`No service`}
          {plan.follows && plan.beforeFinished ? (
            <span className="block text-xs text-slate-600">{t`May be taken before it is finished`}</span>
          ) : null}
        </span>
      </td>
      <td data-label={headings.subscribers} className={`${cell} text-slate-700 tabular-nums`}>
        {plan.subscribers}
      </td>
      <td data-label={headings.state} className={cell}>
        {plan.retired ? <Badge tone="gray">{t`Retired`}</Badge> : <Badge tone="green">{t`On offer`}</Badge>}
      </td>
      <td data-label={headings.actions} className={cell}>
        <div className="flex flex-wrap gap-2">
          {cardPayments ? (
            <Button
              ref={editOpener}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label={t`Edit ${name}`}
            >
              {t`Edit`}
            </Button>
          ) : null}
          {plan.retired ? (
            <OfferAgainButton plan={plan} name={name} />
          ) : (
            <Button
              ref={retireOpener}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setRetiring(true)}
              aria-label={t`Retire ${name}`}
            >
              {t`Retire`}
            </Button>
          )}
        </div>
        {editing ? <EditPlanDialog plan={plan} name={name} onClose={() => setEditing(false)} /> : null}
        {retiring ? (
          <ConfirmActionDialog
            title={t`Retire ${name}?`}
            description={t`Its subscribers keep the plan: they are charged as before and may cancel it. Nobody new may take it. You can offer it again later.`}
            fields={{ intent: RETIRE_PLAN_INTENT, planId: plan.id }}
            confirm={t`Retire`}
            confirming={t`Retiring...`}
            onClose={() => setRetiring(false)}
          />
        ) : null}
      </td>
    </tr>
  );
}

/** A retired plan back on offer: nothing is lost by it, so it is done at once, without a question. */
function OfferAgainButton({ plan, name }: { plan: PlanView; name: string }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={OFFER_PLAN_AGAIN_INTENT} />
      <input type="hidden" name="planId" value={plan.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={t`Offer ${name} again`}
      >
        {t`Offer again`}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Each field's errors: the browser's check of the shared schema, else the server's refusal when it names that field
 * (a refusal the browser could not foresee), so either is read beside its field.
 */
function withRefusal(fields: Record<PlanField, FieldMeta>, refusal: ActionFailure | null): PlanFieldMetas {
  return Object.fromEntries(
    PLAN_FIELDS.map((name) => {
      const { id, errorId, errors } = fields[name];
      const own = errors?.length ? errors : refusal?.field === name ? [refusal.error] : undefined;
      return [name, { id, name: fields[name].name, errorId, errors: own }];
    }),
  ) as PlanFieldMetas;
}

/** A plan form's dialog: it cannot be closed while its form is on its way. */
function PlanDialog({
  title,
  description,
  pending,
  onClose,
  children,
}: {
  title: string;
  description: string;
  pending: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent className="max-w-2xl" title={title} description={description}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The 'New plan' form: on offer from the moment it is saved. */
function NewPlanDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  const [form, fields] = useValidatedForm({ id: "new-plan", schema: createPlanSchema });
  useActionToast(fetcher.data, { onSuccess: onClose });
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <PlanDialog
      title={t`New plan`}
      description={t`It is on offer to customers from the moment it is saved.`}
      pending={pending}
      onClose={onClose}
    >
      <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name={fields.intent.name} value={CREATE_PLAN_INTENT} />
        <PlanFields fields={withRefusal(fields, refusal)} />
        <FormButtons pending={pending} onClose={onClose} submit={pending ? t`Creating...` : t`Create plan`} />
      </fetcher.Form>
    </PlanDialog>
  );
}

/** The 'Edit plan' form, with the plan's values. */
function EditPlanDialog({ plan, name, onClose }: { plan: PlanView; name: string; onClose: () => void }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  const [form, fields] = useValidatedForm({ id: `edit-plan-${plan.id}`, schema: updatePlanSchema });
  useActionToast(fetcher.data, { onSuccess: onClose });
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <PlanDialog
      title={t`Edit ${name}`}
      description={t`The customers' Plans page shows the changes at once.`}
      pending={pending}
      onClose={onClose}
    >
      <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name={fields.intent.name} value={UPDATE_PLAN_INTENT} />
        <input type="hidden" name={fields.planId.name} value={plan.id} />
        <PlanFields fields={withRefusal(fields, refusal)} plan={plan} />
        <FormButtons pending={pending} onClose={onClose} submit={pending ? t`Saving...` : t`Save Changes`} />
      </fetcher.Form>
    </PlanDialog>
  );
}

function FormButtons({ pending, onClose, submit }: { pending: boolean; onClose: () => void; submit: string }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
        {t`Cancel`}
      </Button>
      <Button type="submit" disabled={pending}>
        {submit}
      </Button>
    </div>
  );
}

const choiceRow =
  "flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm text-slate-900 hover:bg-slate-50";

/** A labelled description box with its inline error (optional: no asterisk). */
function DescriptionField({ field, label, defaultValue }: { field: FieldMeta; label: string; defaultValue?: string }) {
  const error = field.errors?.[0];
  return (
    <div className="space-y-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Textarea
        id={field.id}
        name={field.name}
        rows={3}
        maxLength={PLAN_DESCRIPTION_MAX}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
      />
      <FieldError id={field.errorId} message={error} />
    </div>
  );
}

/**
 * The fields of a plan, empty for a new one or with the plan's values. A change of price is the one field whose
 * effect is not plain: its hint says who pays the new price.
 */
function PlanFields({ fields, plan }: { fields: PlanFieldMetas; plan?: PlanView }) {
  const { t, i18n } = useLingui();
  const [follows, setFollows] = useState<ServiceType | "none">(plan?.follows ?? "none");
  const followsError = fields.follows.errors?.[0];
  const beforeError = fields.beforeFinished.errors?.[0];
  const beforeHintId = `${fields.beforeFinished.id}-hint`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.nameEn}
          label={t`Name in English`}
          required
          maxLength={PLAN_NAME_MAX}
          autoComplete="off"
          defaultValue={plan?.nameEn}
        />
        <TextField
          field={fields.nameEs}
          label={t`Name in Spanish`}
          required
          maxLength={PLAN_NAME_MAX}
          autoComplete="off"
          lang="es"
          defaultValue={plan?.nameEs}
        />
      </div>
      <DescriptionField
        field={fields.descriptionEn}
        label={t`Description in English (optional)`}
        defaultValue={plan?.descriptionEn}
      />
      <DescriptionField
        field={fields.descriptionEs}
        label={t`Description in Spanish (optional)`}
        defaultValue={plan?.descriptionEs}
      />
      <TextField
        field={fields.price}
        label={t`Monthly price (USD)`}
        required
        type="number"
        inputMode="decimal"
        min={0.01}
        max={PLAN_PRICE_MAX}
        step={0.01}
        defaultValue={plan ? plan.price.toFixed(2) : undefined}
        hint={
          plan
            ? t`A new price applies to new subscribers only: the customers already subscribed keep theirs.`
            : t`What the customer's card is charged every month.`
        }
      />
      <fieldset className="space-y-1" aria-describedby={followsError ? fields.follows.errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t`What it follows`}
          <RequiredMark />
        </legend>
        {PLAN_FOLLOWS_CHOICES.map((choice) => (
          <label key={choice} className={choiceRow}>
            <input
              type="radio"
              name={fields.follows.name}
              value={choice}
              checked={follows === choice}
              onChange={() => setFollows(choice)}
              className="size-4"
            />
            {choice === "none" ? t`No service` : serviceNameIn(i18n, choice)}
          </label>
        ))}
        <FieldError id={fields.follows.errorId} message={followsError} />
      </fieldset>
      <div className="space-y-1">
        <label className={choiceRow}>
          <input
            type="checkbox"
            id={fields.beforeFinished.id}
            name={fields.beforeFinished.name}
            defaultChecked={plan?.beforeFinished}
            disabled={follows === "none"}
            aria-describedby={[beforeHintId, beforeError ? fields.beforeFinished.errorId : null]
              .filter(Boolean)
              .join(" ")}
            className="size-4"
          />
          {t`May be taken before that service is finished`}
        </label>
        <p id={beforeHintId} className="px-2 text-xs text-slate-600">
          {follows === "none"
            ? t`A plan that follows no service may be taken at any time.`
            : t`Otherwise it is offered once the service's last step is done.`}
        </p>
        <FieldError id={fields.beforeFinished.errorId} message={beforeError} />
      </div>
    </>
  );
}
