/**
 * The industry dialogs' 'Get a free quote' links: the dialog closes (its own close handler), the trade is chosen in
 * the form and the visitor is taken to it, focus on the first field. The link's own jump cannot do it: the dialog it
 * sits in is gone once it is clicked.
 */
export function enhanceQuoteLinks(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-quote-industry]") : null;
    if (!link) return;
    event.preventDefault();
    const form = doc.querySelector<HTMLFormElement>("form[data-quote-form]");
    const industry = form?.elements.namedItem("industry");
    if (industry instanceof HTMLSelectElement) industry.value = link.dataset.quoteIndustry ?? "";
    doc.getElementById("quote")?.scrollIntoView({ block: "start" });
    const name = form?.elements.namedItem("name");
    if (name instanceof HTMLInputElement) name.focus({ preventScroll: true });
  });
}
