import { describe, expect, it } from "vitest";
import { SERVICE_CATALOG } from "~/lib/service-catalog";
import { landingContent } from "./content";
import { BENEFIT_TITLES, industryBenefits } from "./industry-benefits";
import { industryDialogTitle, telHref } from "./landing";

describe("landing page content", () => {
  it("prices both services from the payment catalog, with the spec's terms and delivery times", () => {
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
    expect(Object.values(BENEFIT_TITLES)).toEqual([
      "Google Business Profile",
      "Professional Website",
      "Get More Clients",
      "Charge Premium Rates",
    ]);
    const allTexts = new Set<string>();
    for (const industry of industries) {
      const benefits = industryBenefits[industry.slug];
      expect(benefits, industry.slug).toBeDefined();
      for (const text of Object.values(benefits!)) {
        expect(text.length).toBeGreaterThan(120);
        allTexts.add(text);
      }
      expect(industry.image.alt).not.toBe("");
    }
    expect(allTexts.size).toBe(7 * 4); // no block is copied from another trade
    expect(industryDialogTitle({ name: "Pressure Washing" })).toBe(
      "Why Pressure Washing Businesses Need Online Presence",
    );
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

  it("turns a displayed US phone number into a tel: link", () => {
    expect(telHref("(555) 201-7788")).toBe("tel:+15552017788");
    expect(telHref("1-555-201-7788")).toBe("tel:+15552017788");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
  });
});
