import { describe, expect, it } from "vitest";
import { i18nForCatalog } from "./localized-provider";

describe("i18nForCatalog", () => {
  it("makes one instance per language and catalog, reused while the same catalog comes again", () => {
    const english = JSON.stringify({ Hello: "Hello" });
    const spanish = JSON.stringify({ Hello: "Hola" });
    const en = i18nForCatalog("en", english);
    const es = i18nForCatalog("es", spanish);
    expect(en._("Hello")).toBe("Hello");
    expect(es._("Hello")).toBe("Hola");
    expect(es.locale).toBe("es");
    // The same catalog again (on the server: every page of the language) gives the same instance, parsed once.
    expect(i18nForCatalog("es", spanish)).toBe(es);
    expect(i18nForCatalog("es", JSON.stringify({ Hello: "Hola" }))).toBe(es);
    expect(i18nForCatalog("en", english)).toBe(en);
    // A changed catalog (a new deployment) is parsed again.
    const updated = i18nForCatalog("es", JSON.stringify({ Hello: "¡Hola!" }));
    expect(updated).not.toBe(es);
    expect(updated._("Hello")).toBe("¡Hola!");
  });
});
