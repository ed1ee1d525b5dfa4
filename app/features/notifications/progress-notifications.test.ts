import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import { progressEmail, progressNotification, PROGRESS_NOTIFICATION_TYPE } from "./progress-notifications";
import { GOOGLE_BUSINESS_STEPS, WEBSITE_STEPS } from "~/domain/progress-steps";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

describe("progressNotification", () => {
  it("names the step in the title and the message, with the service's notification type", () => {
    expect(progressNotification(en, "google_business", "profileCreation")).toEqual({
      title: "Profile Creation is complete",
      message: "Profile Creation is complete on your Google Business Profile.",
    });
    expect(progressNotification(en, "website", "websiteLaunch")).toEqual({
      title: "Website Launch is complete",
      message: "Website Launch is complete on your website.",
    });
    expect(PROGRESS_NOTIFICATION_TYPE).toEqual({
      google_business: "google_business_progress",
      website: "website_progress",
    });
  });

  it("uses every step's English label in English", () => {
    for (const step of GOOGLE_BUSINESS_STEPS)
      expect(progressNotification(en, "google_business", step.key).title).toBe(`${step.label} is complete`);
    for (const step of WEBSITE_STEPS)
      expect(progressNotification(en, "website", step.key).title).toBe(`${step.label} is complete`);
  });

  it("words it in Spanish for a Spanish-speaking customer", () => {
    expect(progressNotification(es, "website", "websiteLaunch")).toEqual({
      title: "Paso completado: Lanzamiento del sitio web",
      message: "Se completó el paso «Lanzamiento del sitio web» de su sitio web.",
    });
  });
});

describe("progressEmail", () => {
  it("has a real subject, plural-correct, lists the steps under their service and links to the progress page", () => {
    const two = progressEmail(en, [
      { service: "google_business", step: "profileCreation" },
      { service: "google_business", step: "verificationCompleted" },
    ]);
    expect(two.subject).toBe("Your Google Business Profile: 2 steps done");
    expect(two.text).toContain("Google Business Profile\n- Profile Creation\n- Verification Completed");
    expect(two.link).toBe("/dashboard/progress");
    expect(progressEmail(en, [{ service: "website", step: "websiteLaunch" }]).subject).toBe(
      "Your website: 1 step done",
    );
    const both = progressEmail(en, [
      { service: "website", step: "websiteLaunch" },
      { service: "google_business", step: "profileCreation" },
    ]);
    expect(both.subject).toBe("Your Google Business Profile and website: 2 steps done");
    expect(both.text).toContain("Website\n- Website Launch");
  });

  it("is in Spanish for a Spanish-speaking customer", () => {
    expect(progressEmail(es, [{ service: "website", step: "websiteLaunch" }]).subject).toBe(
      "Su sitio web: 1 paso completado",
    );
    const two = progressEmail(es, [
      { service: "google_business", step: "profileCreation" },
      { service: "google_business", step: "verificationCompleted" },
    ]);
    expect(two.subject).toBe("Su Perfil de Google Business: 2 pasos completados");
    expect(two.text).toContain("- Creación del perfil");
    expect(two.text).toContain("Hemos completado estos pasos de su proyecto:");
  });
});
