// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { QuoteForm } from "../components/quote-form";
import { enhanceQuoteForm } from "./quote-form";
import { landingContent, serverRendered } from "./landing-test-support";

afterEach(() => {
  document.body.innerHTML = "";
});

/** The pre-rendered quote form, as the page's script finds it. */
function renderedForm(): HTMLFormElement {
  const section = serverRendered(<QuoteForm content={landingContent.contact.quote} />);
  return section.querySelector<HTMLFormElement>("form[data-quote-form]")!;
}

describe("the quote form's script", () => {
  it("formats a phone typed before the script arrived, and each one typed after", () => {
    const form = renderedForm();
    const phone = form.querySelector<HTMLInputElement>("input[data-us-phone]")!;
    phone.value = "4045550123";
    enhanceQuoteForm(form);
    expect(phone.value).toBe("(404) 555-0123");

    phone.value = "5552348765";
    phone.dispatchEvent(new Event("input", { bubbles: true }));
    expect(phone.value).toBe("(555) 234-8765");
  });
});
