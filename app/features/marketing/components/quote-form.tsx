import type { ReactNode } from "react";
import { PHONE_INPUT_MAX_LENGTH } from "~/features/auth/phone";
import {
  QUOTE_CITY_MAX_LENGTH,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_MESSAGE_MAX_LENGTH,
  QUOTE_NAME_MAX_LENGTH,
  type QuoteField,
  type QuoteFormValues,
} from "~/features/leads/leads.schemas";
import type { QuoteContent } from "../quote-content";
import { telHref } from "../landing";
import { cx } from "./cx";

type Errors = Partial<Record<QuoteField, string>>;

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/40 aria-[invalid=true]:border-red-700";
const LABEL = "block text-sm font-semibold text-slate-900";

const fieldId = (name: QuoteField) => `quote-${name}`;
const errorId = (name: QuoteField) => `quote-${name}-error`;

/** A field's message line: always there (empty when the field is fine) so the page's script can fill it in. */
function FieldError({ name, errors }: { name: QuoteField; errors: Errors }) {
  return (
    <p id={errorId(name)} data-quote-error={name} className="mt-1 text-sm font-medium text-red-700 empty:hidden">
      {errors[name] ?? ""}
    </p>
  );
}

/** What a field's input says of itself: its problem, when it has one. */
function described(name: QuoteField, errors: Errors, hint?: string) {
  return {
    id: fieldId(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": cx(hint, errorId(name)),
  };
}

function Label({ name, children, required }: { name: QuoteField; children: ReactNode; required?: string }) {
  return (
    <label htmlFor={fieldId(name)} className={LABEL}>
      {children}
      {required ? <span className="font-normal text-slate-600"> ({required})</span> : null}
    </label>
  );
}

function Choices({
  name,
  legend,
  options,
  value,
  errors,
}: {
  name: QuoteField;
  legend: string;
  options: { value: string; label: string }[];
  value: string;
  errors: Errors;
}) {
  return (
    <fieldset aria-describedby={errorId(name)}>
      <legend className={LABEL}>{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className="size-4 accent-blue-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError name={name} errors={errors} />
    </fieldset>
  );
}

/**
 * The free quote form: a plain POST to the quote page in the form's language, complete without JavaScript (the server
 * checks it and answers with this form again, values kept, or the thank-you). The landing page's script
 * (../enhance/quote-form.ts) checks it inline with the same schema and sends it in place. `values` and `errors`: the
 * form as sent and its problems, when the server refused it.
 */
export function QuoteForm({
  content,
  values,
  errors = {},
  industry,
}: {
  content: QuoteContent;
  values?: QuoteFormValues;
  errors?: Errors;
  /** The trade chosen beforehand (an industry's dialog, `/quote?industry=`). */
  industry?: string;
}) {
  const value = (name: QuoteField) => values?.[name] ?? "";
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form
      method="post"
      action={content.action}
      noValidate
      data-quote-form=""
      data-messages={JSON.stringify(content.messages)}
      data-locale={content.locale}
      aria-labelledby="quote-title"
      className="space-y-5"
    >
      <p
        data-quote-summary=""
        role="alert"
        hidden={!hasErrors}
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800"
      >
        {content.errorSummary}
      </p>
      {/* Hidden from people; a robot that fills every input fills it too (docs/decisions/042). */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="quote-honeypot">{content.honeypot}</label>
        <input id="quote-honeypot" type="text" name={QUOTE_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <Label name="name" required={content.required}>
          {content.labels.name}
        </Label>
        <input
          {...described("name", errors)}
          type="text"
          autoComplete="name"
          maxLength={QUOTE_NAME_MAX_LENGTH}
          defaultValue={value("name")}
          className={INPUT}
        />
        <FieldError name="name" errors={errors} />
      </div>
      <div>
        <Label name="businessName">{content.labels.businessName}</Label>
        <input
          {...described("businessName", errors)}
          type="text"
          autoComplete="organization"
          maxLength={QUOTE_NAME_MAX_LENGTH}
          defaultValue={value("businessName")}
          className={INPUT}
        />
        <FieldError name="businessName" errors={errors} />
      </div>
      <div className="space-y-3">
        <p id="quote-reach-hint" className="text-sm text-slate-700">
          {content.reachHint}
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <Label name="phone">{content.labels.phone}</Label>
            <input
              {...described("phone", errors, "quote-reach-hint")}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              data-us-phone=""
              placeholder={content.phonePlaceholder}
              maxLength={PHONE_INPUT_MAX_LENGTH}
              defaultValue={value("phone")}
              className={INPUT}
            />
            <FieldError name="phone" errors={errors} />
          </div>
          <div>
            <Label name="email">{content.labels.email}</Label>
            <input
              {...described("email", errors, "quote-reach-hint")}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={value("email")}
              className={INPUT}
            />
            <FieldError name="email" errors={errors} />
          </div>
        </div>
      </div>
      <div>
        <Label name="industry">{content.labels.industry}</Label>
        <select {...described("industry", errors)} defaultValue={value("industry") || industry || ""} className={INPUT}>
          <option value="">{content.choose}</option>
          {content.industries.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError name="industry" errors={errors} />
      </div>
      <Choices
        name="wants"
        legend={content.labels.wants}
        options={content.wants}
        value={value("wants")}
        errors={errors}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label name="city">{content.labels.city}</Label>
          <input
            {...described("city", errors)}
            type="text"
            autoComplete="address-level2"
            maxLength={QUOTE_CITY_MAX_LENGTH}
            defaultValue={value("city")}
            className={INPUT}
          />
          <FieldError name="city" errors={errors} />
        </div>
        <div>
          <Label name="state">{content.labels.state}</Label>
          <select {...described("state", errors)} defaultValue={value("state")} className={INPUT}>
            <option value="">{content.choose}</option>
            {content.states.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError name="state" errors={errors} />
        </div>
      </div>
      <div>
        <Label name="message">{content.labels.message}</Label>
        <textarea
          {...described("message", errors)}
          rows={4}
          maxLength={QUOTE_MESSAGE_MAX_LENGTH}
          placeholder={content.messagePlaceholder}
          defaultValue={value("message")}
          className={INPUT}
        />
        <FieldError name="message" errors={errors} />
      </div>
      <Choices
        name="contactPreference"
        legend={content.labels.contactPreference}
        options={content.preferences}
        value={value("contactPreference")}
        errors={errors}
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            {...described("consent", errors)}
            type="checkbox"
            defaultChecked={value("consent") === "on"}
            className="mt-0.5 size-5 shrink-0 accent-blue-700"
          />
          <label htmlFor={fieldId("consent")} className="text-sm text-slate-900">
            {content.labels.consent} <span className="text-slate-600">({content.required})</span>
          </label>
        </div>
        <FieldError name="consent" errors={errors} />
      </div>
      <button
        type="submit"
        data-sending={content.sending}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-blue-700 px-6 py-2 text-base font-bold text-white hover:bg-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:opacity-70"
      >
        {content.submit}
      </button>
      <p className="text-sm text-slate-600">
        {content.privacy}{" "}
        <a href={content.privacyHref} className="text-blue-700 underline underline-offset-2">
          {content.privacyLink}
        </a>
      </p>
    </form>
  );
}

/**
 * The thank-you: what happens next, the agency's phone, and the booking link when the settings have one. The
 * landing page has it in a template its script shows in place of the form (the link then comes with the answer).
 */
export function QuoteThanks({
  content,
  phone,
  bookingLink,
  heading: Heading,
}: {
  content: QuoteContent["thanks"];
  phone: string;
  bookingLink: string | null;
  /** The page's heading level for it: it takes the place of the form's title (and its id, which names the section). */
  heading: "h1" | "h2";
}) {
  return (
    <div data-quote-thanks="" tabIndex={-1} className="space-y-4 focus:outline-none">
      <Heading id="quote-title" className="text-3xl font-bold tracking-tight text-slate-900">
        {content.title}
      </Heading>
      <p className="text-slate-700">{content.next}</p>
      <p className="text-slate-700">
        {content.call}{" "}
        <a href={telHref(phone)} className="font-semibold whitespace-nowrap text-blue-700 underline underline-offset-2">
          {phone}
        </a>
      </p>
      <p data-quote-booking="" hidden={!bookingLink} className="text-slate-700">
        {content.book}{" "}
        <a
          href={bookingLink ?? ""}
          target="_blank"
          rel="noopener"
          className="font-semibold text-blue-700 underline underline-offset-2"
        >
          {content.bookLink}
          <span className="sr-only"> {content.opensInNewTab}</span>
        </a>
      </p>
    </div>
  );
}
