import { renderToString } from "react-dom/server";
import { Trans } from "@lingui/react";
import { describe, expect, it } from "vitest";
import { i18nForCatalog, LocalizedProvider, provideCatalogs } from "./localized-provider";

describe("i18nForCatalog", () => {
  it("makes one instance per language and catalog, reused while the same catalog comes again", () => {
    const english = { Hello: "Hello" };
    const spanish = { Hello: "Hola" };
    const en = i18nForCatalog("en", english);
    const es = i18nForCatalog("es", spanish);
    expect(en._("Hello")).toBe("Hello");
    expect(es._("Hello")).toBe("Hola");
    expect(es.locale).toBe("es");
    // The same catalog again (every page of the language) gives the same instance.
    expect(i18nForCatalog("es", spanish)).toBe(es);
    expect(i18nForCatalog("en", english)).toBe(en);
    // Another catalog (a new deployment's) makes a new instance.
    const updated = i18nForCatalog("es", { Hello: "¡Hola!" });
    expect(updated).not.toBe(es);
    expect(updated._("Hello")).toBe("¡Hola!");
  });
});

describe("LocalizedProvider", () => {
  it("renders in the page's language from the catalogs provided, without loading the catalog script", () => {
    provideCatalogs({ en: { greeting: "Good morning" }, es: { greeting: "Buenos días" } });
    const page = (locale: "en" | "es") =>
      renderToString(
        <LocalizedProvider locale={locale} catalogScript={`/resources/catalog/${locale}.unused.js`}>
          <Trans id="greeting" />
        </LocalizedProvider>,
      );
    expect(page("es")).toBe("Buenos días");
    expect(page("en")).toBe("Good morning");
  });
});
