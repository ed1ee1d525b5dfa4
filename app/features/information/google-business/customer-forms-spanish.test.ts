import { setupI18n } from "@lingui/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatOpeningDate } from "~/features/information/google-business/components/google-business-read-only";
import { cardErrorMessage, credentialFieldsSchema } from "~/features/credentials/credentials.schemas";
import {
  avatarFormSchema,
  changePasswordSchema,
  passwordChangeProblem,
  personalInfoSchema,
} from "~/features/profile/profile.schemas";
import { websiteInfoFormSchema } from "~/features/information/website/website-info.schemas";
import { AppError, refusalMessage } from "~/lib/http/app-error";
import { intlLocale, setActiveI18n, setTranslationSource } from "~/lib/i18n/translate";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import { MESSAGE_DESCRIPTORS, MESSAGES } from "~/features/information/information-rules";
import { googleBusinessFormSchema } from "./google-business.schemas";

// The customer's information screens (Google Business, Website, Credentials, Profile) in Spanish: each schema's
// messages read in the page's language (docs/decisions/026).
beforeEach(() => setActiveI18n(setupI18n({ locale: "es", messages: { es } })));
afterEach(() => setActiveI18n(setupI18n({ locale: "en", messages: { en } })));

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("the Google Business form in Spanish", () => {
  it("reports each rule in Spanish", () => {
    const result = googleBusinessFormSchema({ passwordSaved: false }).safeParse({
      gmailEmail: "ana@",
      legalBusinessName: "",
      serviceType: "Roofing",
      openingDate: "2999-01-01",
      phoneNumber: "abc",
      website: "not a url",
      address: "1 Main St",
      city: "Miami",
      state: "FL",
      zip: "123",
      serviceCities: [],
    });
    expect(messages(result)).toEqual([
      "Correo electrónico no válido",
      "La contraseña de Gmail es obligatoria",
      "El nombre legal del negocio es obligatorio",
      "La fecha de apertura no puede ser futura",
      "Formato de número de teléfono no válido",
      "Debe ser una URL válida",
      "Formato de código postal no válido. Use 5 dígitos (p. ej., 12345 o 12345-6789)",
      "Se requiere al menos una ciudad de servicio",
    ]);
  });

  it("keeps MESSAGES (English, for server code and tests) in step with the descriptors", () => {
    setActiveI18n(setupI18n({ locale: "en", messages: { en } }));
    for (const [key, descriptor] of Object.entries(MESSAGE_DESCRIPTORS)) {
      expect(descriptor.message, key).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
  });
});

describe("the Website form in Spanish", () => {
  it("reports each rule in Spanish", () => {
    const result = websiteInfoFormSchema.safeParse({
      primaryColor: "#000000",
      legalBusinessName: "Ruiz",
      phoneNumber: "",
      serviceTypes: [],
      serviceCities: ["Miami"],
      address: "",
      city: "Miami",
      state: "F",
      zip: "33101",
    });
    expect(messages(result)).toEqual([
      "Elija un color de la paleta",
      "El número de teléfono es obligatorio",
      "Formato de número de teléfono no válido",
      "Se requiere al menos un tipo de servicio",
      "La dirección es obligatoria",
      "El estado debe tener al menos 2 caracteres",
    ]);
  });
});

describe("the Credentials cards in Spanish", () => {
  it("reports the limits in Spanish, prefixed with the card's Spanish name", () => {
    expect(messages(credentialFieldsSchema.safeParse({ websiteLink: "nope", pin: "1".repeat(51) }))).toEqual([
      "Debe ser una URL o un correo electrónico válido",
      "El PIN debe tener menos de 50 caracteres",
    ]);
    expect(cardErrorMessage("hosting", "El PIN debe tener menos de 50 caracteres")).toBe(
      "Hosting y sitio web: El PIN debe tener menos de 50 caracteres",
    );
    expect(cardErrorMessage("domain", undefined)).toBe("Dominio: Dato no válido");
  });
});

describe("the Profile forms in Spanish", () => {
  it("reports the personal information, password change and avatar rules in Spanish", () => {
    expect(messages(personalInfoSchema.safeParse({ intent: "update-profile", fullName: "", phone: "555" }))).toEqual([
      "Escriba su nombre completo",
      "Escriba un número de teléfono de EE. UU. de 10 dígitos",
    ]);
    const problem = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
      passwordChangeProblem({ currentPassword, newPassword, confirmPassword })?.message;
    expect(problem("", "abc", "abd")).toBe("Las contraseñas no coinciden");
    expect(problem("", "abcde")).toBe("La contraseña debe tener al menos 6 caracteres");
    expect(problem("", "ABCDEFghij1!")).toBe("Escriba su contraseña actual");
    expect(
      messages(
        changePasswordSchema.safeParse({ intent: "change-password", newPassword: "abcde", confirmPassword: "abcde" }),
      ),
    ).toEqual(["La contraseña debe tener al menos 6 caracteres"]);
    expect(
      messages(
        avatarFormSchema.safeParse({
          intent: "upload-avatar",
          avatar: new File(["x"], "a.txt", { type: "text/plain" }),
        }),
      ),
    ).toEqual(["Seleccione una imagen válida"]);
  });
});

describe("the server's answers in the request's language", () => {
  it("re-checks a form on the server in the request's language, and words a refusal's code in it", () => {
    const spanish = setupI18n({ locale: "es", messages: { es } });
    // The server's side: the browser's page language is English, the request being served is Spanish.
    setActiveI18n(setupI18n({ locale: "en", messages: { en } }));
    setTranslationSource(() => spanish);
    try {
      const result = websiteInfoFormSchema.safeParse({ businessName: "Biz", zip: "1234" });
      expect(messages(result)).toContain(
        "Formato de código postal no válido. Use 5 dígitos (p. ej., 12345 o 12345-6789)",
      );
    } finally {
      setTranslationSource(() => undefined);
    }
    expect(refusalMessage(new AppError("current_password_wrong"), spanish)).toBe("La contraseña actual es incorrecta");
    expect(refusalMessage(new AppError("current_password_wrong"), setupI18n({ locale: "en", messages: { en } }))).toBe(
      "Current password is incorrect",
    );
  });
});

describe("the opening date", () => {
  it("is written for the language", () => {
    expect(formatOpeningDate("2016-04-02", intlLocale("en"))).toBe("April 2, 2016");
    expect(formatOpeningDate("2016-04-02", intlLocale("es"))).toBe("2 de abril de 2016");
    expect(formatOpeningDate("", intlLocale("es"))).toBe("");
  });
});
