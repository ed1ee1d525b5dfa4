/**
 * The free quote form on the pre-rendered landing page, without React: loaded when a visitor first reaches the form
 * (./landing-page.ts), so the page's first load carries none of it. It checks the form with the server's own schema
 * (inline, once a field was left, and all of it on sending), formats the phone as it is typed, and sends the form in
 * place: the endpoint answers JSON when asked, and the thank-you the page holds in a template replaces the form. The
 * messages come with the form in the page's language (`data-messages`); the page loads no catalog. Where the page has
 * no such template (the quote page itself), a valid form is sent as the plain POST it is.
 */
import "~/lib/zod-jitless";
import { setupI18n } from "@lingui/core";
import { formatUsPhone } from "~/features/auth/phone";
import {
  QUOTE_FIELDS,
  QUOTE_SEND_FAILED,
  quoteFormErrors,
  quoteFormValues,
  type QuoteField,
} from "~/features/leads/leads.schemas";
import { setActiveI18n, translate } from "~/lib/i18n/translate";

type Errors = Partial<Record<QuoteField, string>>;

const isField = (name: string): name is QuoteField => (QUOTE_FIELDS as readonly string[]).includes(name);

export function enhanceQuoteForm(form: HTMLFormElement): void {
  const locale = form.dataset.locale ?? "en";
  const messages = JSON.parse(form.dataset.messages ?? "{}") as Record<string, string>;
  setActiveI18n(setupI18n({ locale, messages: { [locale]: messages } }));

  const summary = form.querySelector<HTMLElement>("[data-quote-summary]");
  const summaryText = summary?.textContent ?? "";
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const container = form.closest<HTMLElement>("[data-quote]");
  const thanksTemplate = container?.querySelector<HTMLTemplateElement>("template[data-quote-thanks-template]");
  const left = new Set<QuoteField>();
  let sentOnce = false;

  const check = () => quoteFormErrors(quoteFormValues(new FormData(form)));

  /** Shows the problems of the fields given (the others' messages are cleared). */
  function show(errors: Errors, fields: Iterable<QuoteField>) {
    for (const name of fields) {
      const message = errors[name] ?? "";
      const line = form.querySelector<HTMLElement>(`[data-quote-error="${name}"]`);
      if (line) line.textContent = message;
      for (const input of form.querySelectorAll<HTMLElement>(`[name="${name}"]`)) {
        if (input.getAttribute("type") === "radio") continue;
        if (message) input.setAttribute("aria-invalid", "true");
        else input.removeAttribute("aria-invalid");
      }
    }
  }

  function showSummary(text: string | null) {
    if (!summary) return;
    summary.textContent = text ?? summaryText;
    summary.hidden = text === null && !sentOnce;
  }

  function recheck() {
    const result = check();
    const errors = result.ok ? {} : result.errors;
    show(errors, sentOnce ? QUOTE_FIELDS : left);
    if (sentOnce && summary) summary.hidden = Object.keys(errors).length === 0;
  }

  // A phone typed before these checks arrived (they load when the form is first reached) is formatted now.
  for (const phone of form.querySelectorAll<HTMLInputElement>("input[data-us-phone]")) {
    if (phone.value) phone.value = formatUsPhone(phone.value);
  }
  form.addEventListener("input", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.dataset.usPhone !== undefined) {
      target.value = formatUsPhone(target.value);
    }
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
    ) {
      if (isField(target.name) && (sentOnce || left.has(target.name))) recheck();
    }
  });
  form.addEventListener("focusout", (event) => {
    const target = event.target as HTMLInputElement | null;
    if (!target?.name || !isField(target.name)) return;
    // Not yet for a field whose problem is the empty form: only once the visitor has typed something or moved on.
    if (target.value === "" && !sentOnce && target.type !== "checkbox") return;
    left.add(target.name);
    recheck();
  });

  form.addEventListener("submit", async (event) => {
    sentOnce = true;
    const result = check();
    if (!result.ok) {
      event.preventDefault();
      show(result.errors, QUOTE_FIELDS);
      showSummary(summaryText);
      const first = QUOTE_FIELDS.find((name) => result.errors[name]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!thanksTemplate || !container) return; // sent as a plain POST
    event.preventDefault();
    const idle = button?.textContent ?? "";
    if (button) {
      button.disabled = true;
      button.textContent = button.dataset.sending ?? idle;
    }
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new FormData(form),
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json()) as
        | { ok: true; bookingLink: string | null }
        | { ok: false; error: { message: string; fields?: Errors } };
      if (answer.ok) {
        showThanks(container, thanksTemplate, answer.bookingLink);
        return;
      }
      if (answer.error.fields) {
        show(answer.error.fields, QUOTE_FIELDS);
        showSummary(summaryText);
      } else {
        showSummary(answer.error.message);
      }
    } catch {
      showSummary(translate(QUOTE_SEND_FAILED));
    }
    if (button) {
      button.disabled = false;
      button.textContent = idle;
    }
    summary?.focus();
  });
}

/** The thank-you in place of the form, with the booking link when the agency has one; focus moves to it. */
function showThanks(container: HTMLElement, template: HTMLTemplateElement, bookingLink: string | null) {
  const thanks = template.content.cloneNode(true) as DocumentFragment;
  const booking = thanks.querySelector<HTMLElement>("[data-quote-booking]");
  const link = booking?.querySelector("a");
  if (booking && link && bookingLink) {
    link.href = bookingLink;
    booking.hidden = false;
  }
  const form = container.querySelector("form[data-quote-form]");
  const intro = form?.previousElementSibling;
  const title = intro?.previousElementSibling;
  for (const element of [title, intro, form]) element?.remove();
  container.prepend(thanks);
  container.querySelector<HTMLElement>("[data-quote-thanks]")?.focus();
}
