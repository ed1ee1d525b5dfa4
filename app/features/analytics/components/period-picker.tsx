import { useState } from "react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Label } from "~/components/ui/input";
import { PERIOD_PRESETS, type PeriodFieldErrors } from "../analytics-period";

const selectClass =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none aria-[invalid=true]:border-red-600 sm:text-sm";

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
  const [choice, setChoice] = useState(input.period);
  const custom = choice === "custom";
  return (
    <Card className="mb-6 p-4">
      <Form method="get" className="grid gap-3 sm:grid-cols-4 sm:items-end" aria-label="Choose the period">
        <div className="space-y-1.5">
          <Label htmlFor="analytics-period">Period</Label>
          <select
            id="analytics-period"
            name="period"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            aria-invalid={errors?.period ? true : undefined}
            aria-describedby={errors?.period ? "analytics-period-error" : undefined}
            className={selectClass}
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset.value} value={preset.value}>
                {preset.label}
              </option>
            ))}
            <option value="custom">Custom dates</option>
            {PERIOD_PRESETS.some((preset) => preset.value === choice) || custom ? null : (
              <option value={choice} disabled>
                {choice || "(none)"}
              </option>
            )}
          </select>
          {errors?.period ? (
            <p id="analytics-period-error" className="text-sm text-red-700">
              {errors.period}
            </p>
          ) : null}
        </div>
        {custom ? (
          <>
            <Field id="from" type="date" label="From" defaultValue={input.from} error={errors?.from} required />
            <Field id="to" type="date" label="To" defaultValue={input.to} error={errors?.to} required />
          </>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2" data-testid="analytics-range">
            {input.from && input.to ? `${input.from} to ${input.to} (UTC)` : null}
          </p>
        )}
        <Button type="submit">Show figures</Button>
      </Form>
      {errors ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          The period could not be read: {Object.values(errors)[0]}
        </p>
      ) : null}
    </Card>
  );
}
