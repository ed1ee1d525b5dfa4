import { setupI18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { loginSchema, signupFieldsSchema } from "~/features/auth/auth.schemas";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import { intlLocale, setActiveI18n } from "./translate";

afterEach(() => setActiveI18n(setupI18n({ locale: "en", messages: { en } })));

describe("validation messages follow the page's language", () => {
  it("reads the English texts in English", () => {
    setActiveI18n(setupI18n({ locale: "en", messages: { en } }));
    const result = loginSchema.safeParse({ email: "", password: "" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter your email",
      "Please enter your password",
    ]);
  });

  it("reads Spanish when the page is in Spanish", () => {
    setActiveI18n(setupI18n({ locale: "es", messages: { es } }));
    const result = signupFieldsSchema.safeParse({ fullName: "Ana", email: "ana@", phone: "555" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Escriba un correo electrónico válido",
      "Escriba un número de teléfono de EE. UU. de 10 dígitos",
    ]);
  });
});

describe("intlLocale", () => {
  it("formats money and dates for the language", () => {
    const money = (locale: string) =>
      new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: "USD" }).format(1234.5);
    expect(money("en")).toBe("$1,234.50");
    expect(money("es")).toMatch(/1,234\.50|1234,50|1\.234,50/);
    expect(intlLocale("fr")).toBe("en-US");
  });
});
