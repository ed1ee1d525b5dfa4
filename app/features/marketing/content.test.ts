import { describe, expect, it } from "vitest";
import { SERVICE_CATALOG } from "~/domain/service-catalog";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { landingContentFor } from "./content";
import { landingPath } from "~/lib/i18n/locales";
import { landingLocale, telHref } from "./landing";

const landingContent = landingContentFor(i18nFor("en"), "Agency");
const spanish = landingContentFor(i18nFor("es"), "Agency");

describe("landing page content", () => {
  it("prices both services from the payment catalog, with their payment terms and delivery times", () => {
    const [google, website] = landingContent.services.offers;
    expect(google).toMatchObject({
      type: "google_business",
      price: "$250",
      paymentTerms: "One payment",
      delivery: "Ready in 1 week",
    });
    expect(website).toMatchObject({
      type: "website",
      price: "$700",
      paymentTerms: "Two payments of $350 (50% each)",
      delivery: "Ready in 3 weeks from your 50% deposit",
    });
    expect(website?.note).toMatch(/provide the domain and hosting/);
    expect(google?.priceValue).toBe(
      SERVICE_CATALOG.google_business.amountPerPayment * SERVICE_CATALOG.google_business.payments,
    );
    expect(website?.priceValue).toBe(SERVICE_CATALOG.website.amountPerPayment * SERVICE_CATALOG.website.payments);
  });

  it("has four hero pictures: cleaning, painting, plumbing and roofing, each described", () => {
    const slides = landingContent.hero.slides;
    expect(slides.map((slide) => slide.trade)).toEqual(["Cleaning", "Painting", "Plumbing", "Roofing"]);
    for (const slide of slides) expect(slide.alt.length).toBeGreaterThan(20);
    // The first one travels inside the HTML; the others are files.
    expect(slides[0]?.src).toMatch(/^data:image\/svg\+xml,/);
    for (const slide of slides.slice(1)) expect(slide.src).toMatch(/\.svg(\?|$)/);
  });

  it("has the seven industries, each with the four benefits written for it", () => {
    const industries = landingContent.industries.items;
    expect(industries.map((industry) => industry.name)).toEqual([
      "Cleaning",
      "Painting",
      "Plumbing",
      "Roofing",
      "Pressure Washing",
      "Construction",
      "Electrician",
    ]);
    expect(Object.values(industries[0]!.dialog.benefits).map((benefit) => benefit.title)).toEqual([
      "Google Business Profile",
      "Professional Website",
      "Get More Clients",
      "Charge Premium Rates",
    ]);
    const allTexts = new Set<string>();
    for (const industry of industries) {
      for (const { text } of Object.values(industry.dialog.benefits)) {
        expect(text.length).toBeGreaterThan(120);
        allTexts.add(text);
      }
      expect(industry.image.alt).not.toBe("");
    }
    expect(allTexts.size).toBe(7 * 4); // no block is copied from another trade
    expect(industries[4]!.dialog.title).toBe("Why Pressure Washing Businesses Need Online Presence");
  });

  it("has five five-star testimonials with a name, business, text and portrait", () => {
    const testimonials = landingContent.testimonials.items;
    expect(testimonials).toHaveLength(5);
    for (const testimonial of testimonials) {
      expect(testimonial.rating).toBe(5);
      expect(testimonial.name).not.toBe("");
      expect(testimonial.business).not.toBe("");
      expect(testimonial.text.length).toBeGreaterThan(80);
      expect(testimonial.image.src).toMatch(/\.svg(\?|$)/);
      expect(testimonial.image.alt).toContain(testimonial.name);
    }
  });

  it("covers all 50 states", () => {
    expect(new Set(landingContent.coverage.states).size).toBe(50);
    expect(landingContent.coverage.title).toContain("50 states");
  });

  it("says everything in Spanish for /es: every text differs from the English, prices and names stay", () => {
    expect(spanish.hero.title).toBe("Aparezca en Google. Consiga el trabajo.");
    expect(spanish.header).toMatchObject({ home: "Inicio de Agency", signUp: "Regístrese", login: "Iniciar sesión" });
    expect(landingContent.header.home).toBe("Agency home");
    expect(spanish.services.offers.map((offer) => [offer.price, offer.paymentTerms])).toEqual([
      ["$250", "Un solo pago"],
      ["$700", "Dos pagos de $350 (50% cada uno)"],
    ]);
    expect(spanish.industries.items[4]!.dialog.title).toBe(
      "Lavado a presión: por qué su negocio necesita presencia en internet",
    );
    expect(spanish.testimonials.items.map((item) => item.name)).toEqual(
      landingContent.testimonials.items.map((item) => item.name),
    );
    // Walk both trees side by side: every copy string of the Spanish page differs from its English one, except
    // names, places, URLs and the few words that are the same in both languages.
    const same = new Set(["Google Business", "USD", "Email", "Error"]);
    const unchanged: string[] = [];
    const walk = (en: unknown, es: unknown, key: string) => {
      if (typeof en === "string") {
        if (en === es && /\s/.test(en) && !/^(\/|data:|#)/.test(en) && !same.has(en)) unchanged.push(`${key}: ${en}`);
      } else if (en && typeof en === "object") {
        for (const [k, v] of Object.entries(en)) walk(v, (es as Record<string, unknown>)[k], `${key}.${k}`);
      }
    };
    // The quote form's list of states holds their own names and its phone example is a number, as the coverage's.
    const withoutNames = (content: typeof landingContent) => ({
      ...content,
      contact: { ...content.contact, quote: { ...content.contact.quote, states: [], phonePlaceholder: "" } },
    });
    const { testimonials: enTestimonials, coverage: enCoverage, ...enRest } = withoutNames(landingContent);
    const { testimonials: esTestimonials, coverage: esCoverage, ...esRest } = withoutNames(spanish);
    walk(enRest, esRest, "content");
    walk(
      enTestimonials.items.map((item) => item.text),
      esTestimonials.items.map((item) => item.text),
      "testimonials",
    );
    walk(enCoverage.text, esCoverage.text, "coverage");
    expect(unchanged).toEqual([]);
  });

  it("maps the landing page's paths and languages both ways", () => {
    expect(landingPath("en")).toBe("/");
    expect(landingPath("es")).toBe("/es");
    expect(landingLocale("/")).toBe("en");
    expect(landingLocale("/es")).toBe("es");
    expect(landingLocale("/es/")).toBe("es");
    expect(landingLocale("/espanol")).toBe("en");
  });

  it("turns a displayed US phone number into a tel: link", () => {
    expect(telHref("(555) 201-7788")).toBe("tel:+15552017788");
    expect(telHref("1-555-201-7788")).toBe("tel:+15552017788");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
  });
});
