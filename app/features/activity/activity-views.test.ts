import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n/instances.server";
import { activityLabel, actorName, addressText, summarize, type Translator } from "./activity-views";

const es: Translator = (message) => i18nFor("es")._(message);

describe("actorName", () => {
  it("names the actor, else the system, else an unknown account for a sign-in at an address nobody has", () => {
    expect(actorName({ actor: { id: "1", name: "Ana Ruiz" }, action: "account.sign-in" })).toBe("Ana Ruiz");
    expect(actorName({ actor: null, action: "payment.approve" })).toBe("System");
    expect(actorName({ actor: null, action: "account.sign-in" })).toBe("Unknown account");
    expect(actorName({ actor: null, action: "account.sign-in" }, es)).toBe("Cuenta desconocida");
  });
});

describe("summarize, account security", () => {
  it("reads the outcome, the method, the address typed and where from", () => {
    expect(summarize("account.sign-in", { outcome: "failure", email: "nobody@example.test", ip: "198.51.100.9" })).toBe(
      "failed nobody@example.test from 198.51.100.9",
    );
    expect(summarize("account.sign-in", { outcome: "success", method: "code", ip: "198.51.100.1" }, es)).toBe(
      "con éxito con un código de autenticación desde 198.51.100.1",
    );
    expect(summarize("session.revoke", { scope: "others", ip: "198.51.100.6" })).toBe(
      "every other session from 198.51.100.6",
    );
  });

  it("says a sign-in from the server itself in words, and an IPv4 address written as IPv6 as the IPv4 one", () => {
    expect(summarize("account.sign-in", { outcome: "success", ip: "::1" })).toBe(
      "succeeded from this server (localhost)",
    );
    expect(summarize("account.sign-in", { outcome: "success", ip: "::ffff:127.0.0.1" }, es)).toBe(
      "con éxito desde este servidor (localhost)",
    );
    expect(addressText("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressText("2001:db8::5")).toBe("2001:db8::5");
  });
});

describe("summarize, in a person's words", () => {
  it("reads a progress change as a sentence, never the stored keys", () => {
    const detail = { service: "google_business", step: "verificationCompleted", done: true };
    expect(summarize("progress.toggle", detail)).toBe(
      'Marked "Verification Completed" done for Google Business Profile',
    );
    expect(summarize("progress.toggle", detail, es)).toBe(
      'Marcó "Verificación completada" como completado en Perfil de Google Business',
    );
    expect(summarize("progress.toggle", { service: "website", step: "websiteLaunch", done: false })).toBe(
      'Marked "Website Launch" not done for Website',
    );
    // A key this version does not know is left out, not shown raw.
    expect(summarize("progress.toggle", { service: "google_business", step: "someOldStep", done: true })).toBe("");
  });

  it("names secrets, credentials and settings as the screens label them", () => {
    expect(summarize("secret.reveal", { kind: "google_business_info", field: "gmail_password" })).toBe(
      "Gmail password (Google Business Profile)",
    );
    expect(summarize("secret.reveal", { kind: "google_business_info", field: "gmail_password" }, es)).toBe(
      "Contraseña de Gmail (Perfil de Google Business)",
    );
    expect(summarize("secret.reveal", { kind: "website_credentials", field: "pin" })).toBe("PIN (Credentials)");
    expect(summarize("credentials.save", { types: ["domain", "hosting"] })).toBe("Domain, Hosting & Website");
    expect(
      summarize("settings.update", { section: "notifications", changed: { profileUpdates: {}, systemErrors: {} } }),
    ).toBe("Notification settings: User profile updates, System errors");
    expect(summarize("settings.update", { section: "general", changed: { maintenanceMode: {} } }, es)).toBe(
      "Configuración general: Modo de mantenimiento",
    );
    expect(summarize("payment.approve", { serviceType: "google_business", auto: true })).toBe(
      "Google Business Profile payment (automatic)",
    );
  });

  it("reads an assignment as the members added and removed, by the names they had", () => {
    const ana = { id: "1", name: "Ana Ruiz" };
    const bo = { id: "2", name: "Bo Lee" };
    expect(summarize("customer.assign", { added: [ana, bo], removed: [] })).toBe("Assigned to Ana Ruiz, Bo Lee");
    expect(summarize("customer.assign", { added: [ana], removed: [bo] })).toBe(
      "Assigned to Ana Ruiz · No longer assigned to Bo Lee",
    );
    expect(summarize("customer.assign", { added: [ana], removed: [], automatic: true })).toBe(
      "Assigned to Ana Ruiz · (automatic)",
    );
    expect(summarize("settings.update", { section: "general", changed: { assignNewCustomersTo: {} } })).toBe(
      "General settings: Assign new customers to",
    );
  });

  it("reads a customer-list export by the filter it used, and a retention change by its values", () => {
    expect(summarize("customers.export", { searched: false, status: null, assigned: null })).toBe("All customers");
    expect(summarize("customers.export", { searched: true, status: "active", assigned: "none" })).toBe(
      "Active · Unassigned · with a search",
    );
    expect(
      summarize("customers.export", {
        searched: false,
        status: "in_progress",
        assigned: "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10",
      }),
    ).toBe("In Progress · One team member's customers");
    expect(activityLabel("customers.export")).toBe("Exported the customer list");
    expect(
      summarize("settings.update", { section: "retention", changed: { auditEventsDays: {}, sentEmailsDays: {} } }),
    ).toBe("Data Retention: Audit events (days), Sent e-mails (days)");
  });
});
