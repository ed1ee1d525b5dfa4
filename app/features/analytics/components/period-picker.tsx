import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Label, Select } from "~/components/ui/input";
import { PERIOD_PRESETS, type PeriodFieldErrors } from "../analytics-period";

/** PERIOD_PRESETS' labels in the page's language. */
const PRESET_LABELS = { "30d": msg`Last 30 days`, "90d": msg`Last 90 days`, "12m": msg`Last 12 months` } as const;

interface PeriodPickerProps {
  /** What the URL asked for (or the resolved period): the form starts from it. */
  input: { period: string; from: string; to: string };
  errors: PeriodFieldErrors | null;
}

/** The period picker: a GET form, so the URL keeps the period and a link to the page shows the same figures. */
export function PeriodPicker(props: PeriodPickerProps) {
  // A new URL starts the form afresh from what it asks for.
  const { search } = useLocation();
  return <PeriodForm key={search} {...props} />;
}

function PeriodForm({ input, errors }: PeriodPickerProps) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState(input.period);
  const custom = choice === "custom";
  const { from, to } = input;
  const firstError = errors ? Object.values(errors)[0] : "";
  return (
    <Card className="mb-6 p-4">
      <Form method="get" className="grid gap-3 sm:grid-cols-4 sm:items-end" aria-label={t`Choose the period`}>
        <div className="space-y-1.5">
          <Label htmlFor="analytics-period">{t`Period`}</Label>
          <Select
            id="analytics-period"
            name="period"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            aria-invalid={errors?.period ? true : undefined}
            aria-describedby={errors?.period ? "analytics-period-error" : undefined}
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset.value} value={preset.value}>
                {i18n._(PRESET_LABELS[preset.value])}
              </option>
            ))}
            <option value="custom">{t`Custom dates`}</option>
            {PERIOD_PRESETS.some((preset) => preset.value === choice) || custom ? null : (
              <option value={choice} disabled>
                {choice || t`(none)`}
              </option>
            )}
          </Select>
          {errors?.period ? (
            <p id="analytics-period-error" className="text-sm text-red-700">
              {errors.period}
            </p>
          ) : null}
        </div>
        {custom ? (
          <>
            <Field id="from" type="date" label={t`From`} defaultValue={input.from} error={errors?.from} required />
            <Field id="to" type="date" label={t`To`} defaultValue={input.to} error={errors?.to} required />
          </>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2" data-testid="analytics-range">
            {from && to ? t`${from} to ${to} (UTC)` : null}
          </p>
        )}
        <Button type="submit">{t`Show figures`}</Button>
      </Form>
      {errors ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {t`The period could not be read: ${firstError}`}
        </p>
      ) : null}
    </Card>
  );
}
