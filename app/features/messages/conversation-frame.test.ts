import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import { conversationFrame } from "./conversation-frame";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

describe("conversationFrame", () => {
  it("says when the team answers in the reader's language, unless the settings give the line", () => {
    expect(conversationFrame({ companyName: "Acme", messagesReplyTime: "" }, en)).toEqual({
      agencyName: "Acme",
      replyTime: "Our team answers within one business day.",
    });
    expect(conversationFrame({ companyName: "Acme", messagesReplyTime: "  " }, es).replyTime).toBe(
      "Nuestro equipo responde en un día hábil.",
    );
    expect(
      conversationFrame({ companyName: "Acme", messagesReplyTime: "We answer within 2 hours, Monday to Friday." }, es)
        .replyTime,
    ).toBe("We answer within 2 hours, Monday to Friday.");
  });
});
