import { setupI18n, type MessageDescriptor } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import { summarize } from "~/features/activity/activity-views";
import { formatBytes, formatUptime } from "~/features/settings/system-status";
import { cardPreview } from "./note-views";

describe("the note card's preview", () => {
  it("shows up to 3 photos and '+N' for the rest", () => {
    expect(cardPreview([1, 2, 3, 4])).toEqual({ shown: [1, 2, 3], more: 1 });
    expect(cardPreview([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(cardPreview([])).toEqual({ shown: [], more: 0 });
  });
});

const EN = setupI18n({ locale: "en", messages: { en } });
const ES = setupI18n({ locale: "es", messages: { es } });
const inEnglish = (descriptor: MessageDescriptor) => EN._(descriptor);

describe("the activity log's and status view's wording", () => {
  it("summarizes events in the request's language (Spanish)", () => {
    const inSpanish = (descriptor: MessageDescriptor) => ES._(descriptor);
    expect(summarize("payment.approve", { serviceType: "website", paymentNumber: 2, auto: true }, inSpanish)).toBe(
      "Pago del sitio web 2 (automático)",
    );
    expect(summarize("progress.toggle", { service: "website", step: "websiteLaunch", done: true }, inSpanish)).toBe(
      'Marcó "Lanzamiento del sitio web" como completado en Sitio web',
    );
  });

  it("summarizes events without secrets", () => {
    expect(
      summarize(
        "settings.update",
        { section: "security", changed: { maxLoginAttempts: { from: 5, to: 3 } } },
        inEnglish,
      ),
    ).toBe("Security settings: Max Login Attempts");
    expect(summarize("payment.approve", { serviceType: "website", paymentNumber: 2, auto: true }, inEnglish)).toBe(
      "Website payment 2 (automatic)",
    );
    expect(summarize("secret.reveal", { kind: "website_credentials", field: "password" }, inEnglish)).toBe(
      "Password (Credentials)",
    );
    expect(summarize("note.delete", { title: "Call" })).toBe("Call");
  });

  it("formats sizes and uptime", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatUptime(59)).toBe("0 min");
    expect(formatUptime(3 * 3600 + 240)).toBe("3 h 4 min");
    expect(formatUptime(2 * 86400 + 3 * 3600)).toBe("2 d 3 h");
  });
});
