import { describe, expect, it } from "vitest";
import {
  ADMIN_BADGE_TONE,
  displayStatus,
  gateState,
  latestPayment,
  secondPaymentBanner,
  STATUS_LABEL,
  statusBadge,
} from "./payment-state";
import { setupI18n } from "@lingui/core";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";

describe("payment state display", () => {
  it("shows unknown statuses as pending", () => {
    expect(displayStatus("completed")).toBe("completed");
    expect(displayStatus("rejected")).toBe("rejected");
    expect(displayStatus("pending")).toBe("pending");
    expect(displayStatus("refunded")).toBe("refunded");
    expect(displayStatus("on-hold")).toBe("pending");
    expect(displayStatus(undefined)).toBe("pending");
  });

  it("gives the gate's five states: only a completed payment (partly refunded or not) opens it", () => {
    expect(gateState(undefined)).toBe("none");
    expect(gateState({ status: "refunded" })).toBe("refunded");
    expect(gateState({ status: "pending" })).toBe("pending");
    expect(gateState({ status: "completed" })).toBe("completed");
    expect(gateState({ status: "rejected" })).toBe("rejected");
    expect(gateState({ status: "on-hold" })).toBe("pending");
  });

  it("labels statuses in the reader's language and colours admin badges", () => {
    const words = (locale: "en" | "es") => {
      const i18n = setupI18n({ locale, messages: { [locale]: locale === "es" ? es : en } });
      return Object.fromEntries(Object.entries(STATUS_LABEL).map(([status, text]) => [status, i18n._(text)]));
    };
    expect(words("es")).toEqual({
      pending: "Pendiente",
      completed: "Completado",
      rejected: "Rechazado",
      refunded: "Reembolsado",
    });
    expect(words("en")).toEqual({
      pending: "Pending",
      completed: "Completed",
      rejected: "Rejected",
      refunded: "Refunded",
    });
    expect(ADMIN_BADGE_TONE[displayStatus("completed")]).toBe("green");
    expect(ADMIN_BADGE_TONE[displayStatus("rejected")]).toBe("red");
    expect(ADMIN_BADGE_TONE[displayStatus("whatever")]).toBe("yellow");
    expect(ADMIN_BADGE_TONE[displayStatus("refunded")]).toBe("gray");
  });

  it("says 'Partially refunded' for a completed payment partly given back, 'Refunded' once all of it is", () => {
    const spanish = setupI18n({ locale: "es", messages: { es } });
    const english = setupI18n({ locale: "en", messages: { en } });
    const badge = (payment: { status: string; refundedAmount?: number }) => {
      const { label, tone } = statusBadge(payment);
      return { en: english._(label), es: spanish._(label), tone };
    };
    expect(badge({ status: "completed", refundedAmount: 0 })).toEqual({
      en: "Completed",
      es: "Completado",
      tone: "green",
    });
    expect(badge({ status: "completed", refundedAmount: 125 })).toEqual({
      en: "Partially refunded",
      es: "Reembolsado parcialmente",
      tone: "blue",
    });
    expect(badge({ status: "refunded", refundedAmount: 250 })).toEqual({
      en: "Refunded",
      es: "Reembolsado",
      tone: "gray",
    });
    expect(badge({ status: "pending" })).toEqual({ en: "Pending", es: "Pendiente", tone: "yellow" });
  });

  it("offers the second website payment while it is missing or rejected", () => {
    expect(secondPaymentBanner(undefined)).toBe("offer");
    expect(secondPaymentBanner({ status: "pending" })).toBe("pending");
    expect(secondPaymentBanner({ status: "rejected" })).toBe("rejected");
    expect(secondPaymentBanner({ status: "completed" })).toBe("none");
    // Refunded in full, the second payment is due again.
    expect(secondPaymentBanner({ status: "refunded" })).toBe("offer");
  });

  it("finds the newest payment for a service and number", () => {
    const payments = [
      { id: "old", serviceType: "website", paymentNumber: 1, createdAt: "2026-01-01T00:00:00Z" },
      { id: "new", serviceType: "website", paymentNumber: 1, createdAt: "2026-02-01T00:00:00Z" },
      { id: "other", serviceType: "website", paymentNumber: 2, createdAt: "2026-03-01T00:00:00Z" },
      { id: "gb", serviceType: "google_business", paymentNumber: 1, createdAt: "2026-04-01T00:00:00Z" },
    ];
    expect(latestPayment(payments, "website", 1)?.id).toBe("new");
    expect(latestPayment(payments, "website", 2)?.id).toBe("other");
    expect(latestPayment(payments, "google_business", 1)?.id).toBe("gb");
    expect(latestPayment(payments, "google_business", 2)).toBeUndefined();
  });
});
