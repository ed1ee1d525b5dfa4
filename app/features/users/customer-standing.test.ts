import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n/instances.server";
import { standingLines } from "./customer-standing";

const none = { paid: 0, doneSteps: 0 };

describe("standingLines", () => {
  it("reads what each service was paid and how far its checklist is, in English and Spanish", () => {
    const en = i18nFor("en");
    const es = i18nFor("es");
    const both = { googleBusiness: { paid: 1, doneSteps: 3 }, website: { paid: 1, doneSteps: 2 } };
    expect(standingLines(en, both)).toEqual(["Google Business: paid · 3/6 steps", "Website: 1 of 2 paid · 2/8 steps"]);
    expect(standingLines(es, both)).toEqual([
      "Google Business: pagado · 3/6 pasos",
      "Sitio web: 1 de 2 pagados · 2/8 pasos",
    ]);
    expect(standingLines(en, { googleBusiness: none, website: { paid: 2, doneSteps: 8 } })).toEqual([
      "Website: paid · 8/8 steps",
    ]);
    expect(standingLines(en, { googleBusiness: { paid: 0, doneSteps: 1 }, website: none })).toEqual([
      "Google Business: not paid · 1/6 steps",
    ]);
    expect(standingLines(en, { googleBusiness: none, website: none })).toEqual(["Not paid yet"]);
    expect(standingLines(es, { googleBusiness: none, website: none })).toEqual(["Sin pagos todavía"]);
  });
});
