/**
 * The one script of the pre-rendered landing pages (`/` and `/es`), in place of React and React Router, which they
 * do not load: the page is React's HTML from the build, complete without JavaScript, and this adds its few
 * behaviours to it. vite.config.ts builds it as an entry of its own; the root layout names it in the page. The quote
 * form's checks (zod and its schema) load when a visitor first reaches the form, not with the page.
 */
import { enhanceCarousel } from "./carousels";
import { enhanceIndustryDialogs } from "./industry-dialogs";
import { enhanceQuoteLinks } from "./quote-links";

for (const region of document.querySelectorAll<HTMLElement>("[data-carousel]")) enhanceCarousel(region);
enhanceIndustryDialogs(document);
enhanceQuoteLinks(document);

const quoteForm = document.querySelector<HTMLFormElement>("form[data-quote-form]");
if (quoteForm) {
  let ready = false;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= import("./quote-form").then(({ enhanceQuoteForm }) => {
      enhanceQuoteForm(quoteForm);
      ready = true;
    }));
  quoteForm.addEventListener("focusin", () => void load(), { once: true });
  // Sent before the checks arrived (a quick visitor, an autofilled form): held until they are there.
  quoteForm.addEventListener("submit", (event) => {
    if (ready) return;
    event.preventDefault();
    // Should the checks not load, the form goes as the plain POST it is; the server checks it all the same.
    void load().then(
      () => quoteForm.requestSubmit(),
      () => quoteForm.submit(),
    );
  });
}
