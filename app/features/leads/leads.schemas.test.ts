import { describe, expect, it } from "vitest";
import { quoteFormErrors, quoteFormValues, type QuoteFormValues } from "./leads.schemas";

function form(fields: Partial<QuoteFormValues>): QuoteFormValues {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return quoteFormValues(data);
}

const valid = { name: " Ana Ruiz ", phone: "(555) 201-7788", consent: "on" };

describe("the quote request's schema", () => {
  it("takes a name, a phone and the consent, and fills in the rest", () => {
    expect(quoteFormErrors(form(valid))).toEqual({
      ok: true,
      value: {
        name: "Ana Ruiz",
        businessName: null,
        phone: "5552017788",
        email: null,
        industry: "other",
        wants: "not_sure",
        city: null,
        state: null,
        message: null,
        contactPreference: "call",
      },
    });
  });

  it("lower-cases the e-mail and, given no phone, prefers to answer by e-mail", () => {
    const parsed = quoteFormErrors(form({ name: "Ana", email: " Ana@Example.COM ", consent: "on" }));
    expect(parsed.ok && parsed.value).toMatchObject({
      email: "ana@example.com",
      phone: null,
      contactPreference: "email",
    });
  });

  it("keeps the choices made", () => {
    const parsed = quoteFormErrors(
      form({ ...valid, industry: "plumbing", wants: "both", state: "TX", contactPreference: "whatsapp" }),
    );
    expect(parsed.ok && parsed.value).toMatchObject({
      industry: "plumbing",
      wants: "both",
      state: "TX",
      contactPreference: "whatsapp",
    });
  });

  it("says every problem at once: no name, no way to answer, no consent", () => {
    expect(quoteFormErrors(form({}))).toEqual({
      ok: false,
      errors: {
        name: "Please enter your name",
        phone: "Please enter a phone number or an e-mail address, so we can answer you",
        consent: "Please agree to be contacted about your request",
      },
    });
  });

  it("refuses a bad e-mail, a short phone and a choice not in the lists", () => {
    const parsed = quoteFormErrors(
      form({ ...valid, phone: "555 201", email: "ana@", industry: "farming", state: "XX" }),
    );
    expect(parsed.ok ? null : parsed.errors).toEqual({
      phone: "Please enter a 10-digit US phone number",
      email: "Please enter a valid email address",
      industry: "Please choose one of the options",
      state: "Please choose one of the options",
    });
  });

  it("refuses a message longer than 2000 characters", () => {
    const parsed = quoteFormErrors(form({ ...valid, message: "x".repeat(2001) }));
    expect(parsed.ok ? null : parsed.errors).toEqual({ message: "Your message must be at most 2000 characters" });
  });
});
