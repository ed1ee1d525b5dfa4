import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { TicketPercent } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmActionDialog } from "~/components/forms/confirm-action-dialog";
import { FieldError, RequiredMark, TextField } from "~/components/forms/form-section";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, useFocusReturn } from "~/components/ui/dialog";
import { StackedTableHead } from "~/components/ui/stacked-table-head";
import { SERVICE_TYPES } from "~/domain/service-catalog";
import { serviceNameIn } from "~/domain/service-texts";
import type { ActionResult } from "~/lib/http/forms";
import { formatDate } from "~/lib/i18n/format";
import { discountLabel, promotionState, usesLabel, type PromotionCodeView } from "../promotion-views";
import {
  AMOUNT_OFF_MAX,
  CREATE_PROMOTION_CODE_INTENT,
  createPromotionCodeSchema,
  DEACTIVATE_PROMOTION_CODE_INTENT,
  MAX_USES_LIMIT,
  type PromotionKind,
} from "../promotions.schemas";

/** A code's last day as written (a calendar day, not an instant: shown as it is, whatever the viewer's time zone). */
function lastDayText(day: string, locale: string): string {
  return formatDate(`${day}T12:00:00Z`, locale, { dateStyle: "medium", timeZone: "UTC" });
}

/**
 * The settings' Promotions tab: every code with its discount, services, last day, uses and state, 'Deactivate' (after
 * a confirmation) on a code still in force, and the 'New code' dialog. Every change reloads the tab for every admin
 * viewing it (live updates), and a payment that uses a code updates its count.
 */
export function PromotionsTab({ codes }: { codes: PromotionCodeView[] }) {
  const { t } = useLingui();
  const [creating, setCreating] = useState(false);
  const opener = useFocusReturn(creating);
  const [deactivating, setDeactivating] = useState<PromotionCodeView | null>(null);
  return (
    <section aria-labelledby="promotions-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="promotions-heading" className="text-lg font-semibold text-slate-900">
            {t`Promotion codes`}
          </h2>
          <p className="text-sm text-slate-600">{t`Codes customers apply when they pay. A code cannot be changed once made: deactivate it and make a new one.`}</p>
        </div>
        <Button ref={opener} type="button" onClick={() => setCreating(true)}>
          <TicketPercent aria-hidden="true" />
          {t`New code`}
        </Button>
      </div>
      {codes.length === 0 ? (
        <Card className="p-6 text-slate-700">{t`No promotion codes yet`}</Card>
      ) : (
        <CodesTable codes={codes} onDeactivate={setDeactivating} />
      )}
      {creating ? <NewCodeDialog onClose={() => setCreating(false)} /> : null}
      {deactivating ? <DeactivateDialog code={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </section>
  );
}

/** The codes as a table; below the md width each row becomes a card (each cell with its column's name before it). */
function CodesTable({
  codes,
  onDeactivate,
}: {
  codes: PromotionCodeView[];
  onDeactivate: (code: PromotionCodeView) => void;
}) {
  const { t, i18n } = useLingui();
  const headings = {
    code: t`Code`,
    discount: t`Discount`,
    services: t`Services`,
    lastDay: t`Last day`,
    uses: t`Uses`,
    state: t`State`,
    actions: t`Actions`,
  };
  const cell =
    "flex gap-3 px-4 py-1 before:w-28 before:shrink-0 before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:align-middle md:before:content-none";
  return (
    <Card className="md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table md:min-w-[800px]">
        <caption className="sr-only">{t`Promotion codes`}</caption>
        <StackedTableHead headings={Object.values(headings)} />
        <tbody className="block md:table-row-group">
          {codes.map((code) => {
            const state = promotionState(code);
            const name = code.code;
            return (
              <tr
                key={code.id}
                data-testid="promotion-code-row"
                className="block border-b border-slate-100 py-2 last:border-0 md:table-row md:py-0"
              >
                <th
                  scope="row"
                  className="block px-4 py-2 text-left font-mono font-semibold break-all text-slate-900 md:table-cell md:py-3"
                >
                  {code.code}
                </th>
                <td data-label={headings.discount} className={`${cell} text-slate-700`}>
                  {discountLabel(code, i18n.locale)}
                </td>
                <td data-label={headings.services} className={`${cell} text-slate-700`}>
                  {code.serviceTypes.map((service) => serviceNameIn(i18n, service)).join(", ")}
                </td>
                <td data-label={headings.lastDay} className={`${cell} text-slate-700 md:whitespace-nowrap`}>
                  {code.expiresOn ? lastDayText(code.expiresOn, i18n.locale) : t`No end`}
                </td>
                <td data-label={headings.uses} className={`${cell} text-slate-700 tabular-nums`}>
                  {usesLabel(code)}
                </td>
                <td data-label={headings.state} className={cell}>
                  {state === "active" ? (
                    <Badge tone="green">{t({ message: "Active", context: "promotion code" })}</Badge>
                  ) : state === "expired" ? (
                    <Badge tone="yellow">{t({ message: "Expired", context: "promotion code" })}</Badge>
                  ) : (
                    <Badge tone="gray">{t({ message: "Inactive", context: "promotion code" })}</Badge>
                  )}
                </td>
                <td data-label={headings.actions} className={cell}>
                  {code.deactivated ? null : (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => onDeactivate(code)}
                      aria-label={t`Deactivate ${name}`}
                    >
                      {t`Deactivate`}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

const choiceRow =
  "flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm text-slate-900 hover:bg-slate-50";

/**
 * The 'New code' form: the code, a percent or a fixed amount off, the services, an optional last day and an optional
 * number of uses. A duplicate code (whatever its case) is the server's to find: its refusal is shown beside Code.
 */
function NewCodeDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  const [kind, setKind] = useState<PromotionKind>("percent");
  const [form, fields] = useValidatedForm({ id: "new-promotion-code", schema: createPromotionCodeSchema });
  useActionToast(fetcher.data, { onSuccess: onClose });
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const codeErrors = fields.code.errors ?? (refusal?.field === "code" ? [refusal.error] : undefined);
  const serviceError = fields.serviceTypes.errors?.[0];
  const kindError = fields.kind.errors?.[0];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent
        title={t`New code`}
        description={t`Customers type the code when they pay; the discount is taken off that payment's price.`}
      >
        <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name={fields.intent.name} value={CREATE_PROMOTION_CODE_INTENT} />
          <TextField
            field={{ id: fields.code.id, name: fields.code.name, errorId: fields.code.errorId, errors: codeErrors }}
            label={t`Code`}
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            hint={t`Letters, digits and dashes, such as SPRING20. Customers may type it in any case.`}
          />
          <fieldset className="space-y-2" aria-describedby={kindError ? fields.kind.errorId : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t`Discount`}
              <RequiredMark />
            </legend>
            <div className="flex flex-wrap gap-x-4">
              <label className={choiceRow}>
                <input
                  type="radio"
                  name={fields.kind.name}
                  value="percent"
                  checked={kind === "percent"}
                  onChange={() => setKind("percent")}
                  className="size-4"
                />
                {t`Percent`}
              </label>
              <label className={choiceRow}>
                <input
                  type="radio"
                  name={fields.kind.name}
                  value="amount"
                  checked={kind === "amount"}
                  onChange={() => setKind("amount")}
                  className="size-4"
                />
                {t`Fixed amount`}
              </label>
            </div>
            <FieldError id={fields.kind.errorId} message={kindError} />
            {kind === "percent" ? (
              <TextField
                key="percent"
                field={fields.percentOff}
                label={t`Percent off`}
                required
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                hint={t`A whole number from 1 to 100; 100 makes the payment free.`}
              />
            ) : (
              <TextField
                key="amount"
                field={fields.amountOff}
                label={t`Amount off (USD)`}
                required
                type="number"
                inputMode="decimal"
                min={0.01}
                max={AMOUNT_OFF_MAX}
                step={0.01}
                hint={t`Never more than the price: a larger amount makes the payment free.`}
              />
            )}
          </fieldset>
          <fieldset className="space-y-1" aria-describedby={serviceError ? fields.serviceTypes.errorId : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t`Services`}
              <RequiredMark />
            </legend>
            {SERVICE_TYPES.map((service) => (
              <label key={service} className={choiceRow}>
                <input
                  type="checkbox"
                  name={fields.serviceTypes.name}
                  value={service}
                  className="size-4"
                  aria-invalid={serviceError ? true : undefined}
                />
                {serviceNameIn(i18n, service)}
              </label>
            ))}
            <FieldError id={fields.serviceTypes.errorId} message={serviceError} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              field={fields.expiresOn}
              label={t`Last day (optional)`}
              type="date"
              hint={t`It works to the end of this day wherever the customer is in the US. Leave it empty for no end date.`}
            />
            <TextField
              field={fields.maxUses}
              label={t`Maximum uses (optional)`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_USES_LIMIT}
              step={1}
              hint={t`Payments in all. Empty: no limit.`}
            />
          </div>
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{t`At most one use per customer: this holds for every code (a rejected payment gives its use back).`}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t`Cancel`}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t`Creating...` : t`Create code`}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeactivateDialog({ code, onClose }: { code: PromotionCodeView; onClose: () => void }) {
  const { t } = useLingui();
  const name = code.code;
  return (
    <ConfirmActionDialog
      title={t`Deactivate promotion code`}
      description={t`${name} is refused from now on, with the same message as an unknown code. Payments already made with it keep it. This cannot be undone.`}
      fields={{ intent: DEACTIVATE_PROMOTION_CODE_INTENT, promotionCodeId: code.id }}
      confirm={t`Deactivate`}
      confirming={t`Deactivating...`}
      onClose={onClose}
    />
  );
}
