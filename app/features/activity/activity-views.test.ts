import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n/instances.server";
import { actorName, summarize, type Translator } from "./activity-views";

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
    expect(summarize("session.revoke", { scope: "others", ip: "198.51.100.6" })).toBe("every other session from 198.51.100.6");
  });
});
