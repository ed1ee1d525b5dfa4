import { describe, expect, it } from "vitest";
import {
  isPastLastDay,
  isPromotionCodeShape,
  promotionAmountCents,
  promotionPrice,
  promotionRefusal,
  promotionToday,
  type PromotionCodeState,
} from "./promotion-pricing";

const percent = (percentOff: number) => ({ kind: "percent", percentOff, amountOff: null });
const fixed = (amountOff: number) => ({ kind: "amount", percentOff: null, amountOff });

describe("promotionPrice", () => {
  it("takes a percent off, rounded to the cent (half a cent up)", () => {
    expect(promotionPrice(250, percent(20))).toEqual({ listPrice: 250, discount: 50, amount: 200 });
    expect(promotionPrice(350, percent(33))).toEqual({ listPrice: 350, discount: 115.5, amount: 234.5 });
    // 10.05 × 50% = 5.025: 503 cents off, 502 left.
    expect(promotionPrice(10.05, percent(50))).toEqual({ listPrice: 10.05, discount: 5.03, amount: 5.02 });
    // 0.99 × 1% = 0.0099: rounds to 1 cent.
    expect(promotionPrice(0.99, percent(1))).toEqual({ listPrice: 0.99, discount: 0.01, amount: 0.98 });
    expect(promotionAmountCents(350, percent(15))).toBe(29750);
  });

  it("takes a fixed amount off, never more than the price", () => {
    expect(promotionPrice(250, fixed(50))).toEqual({ listPrice: 250, discount: 50, amount: 200 });
    expect(promotionPrice(250, fixed(49.99))).toEqual({ listPrice: 250, discount: 49.99, amount: 200.01 });
    expect(promotionPrice(250, fixed(300))).toEqual({ listPrice: 250, discount: 250, amount: 0 });
    expect(promotionAmountCents(250, fixed(300))).toBe(0);
  });

  it("makes a 100% code free", () => {
    expect(promotionPrice(350, percent(100))).toEqual({ listPrice: 350, discount: 350, amount: 0 });
  });
});

describe("a code's last day", () => {
  it("lasts until the day ends in Hawaii (UTC-10), the last of the fifty states to finish it", () => {
    expect(promotionToday(new Date("2025-04-01T09:59:59Z"))).toBe("2025-03-31");
    expect(promotionToday(new Date("2025-04-01T10:00:00Z"))).toBe("2025-04-01");
    expect(isPastLastDay("2025-03-31", new Date("2025-03-31T00:00:00Z"))).toBe(false);
    expect(isPastLastDay("2025-03-31", new Date("2025-04-01T09:59:59.999Z"))).toBe(false);
    expect(isPastLastDay("2025-03-31", new Date("2025-04-01T10:00:00Z"))).toBe(true);
    expect(isPastLastDay(null, new Date("2099-01-01T00:00:00Z"))).toBe(false);
  });
});

describe("promotionRefusal", () => {
  const now = new Date("2025-06-15T12:00:00Z");
  const code = (overrides: Partial<PromotionCodeState> = {}): PromotionCodeState => ({
    ...percent(20),
    serviceTypes: ["google_business"],
    expiresOn: null,
    maxUses: null,
    deactivatedAt: null,
    uses: 0,
    usedByCustomer: false,
    ...overrides,
  });

  it("accepts a live code for its service", () => {
    expect(promotionRefusal(code(), "google_business", now)).toBeNull();
    expect(promotionRefusal(code({ expiresOn: "2025-06-15", maxUses: 3, uses: 2 }), "google_business", now)).toBeNull();
  });

  it("says why a code is refused", () => {
    expect(promotionRefusal(null, "google_business", now)).toBe("unknown");
    expect(promotionRefusal(code({ deactivatedAt: new Date("2025-06-01") }), "google_business", now)).toBe(
      "deactivated",
    );
    expect(promotionRefusal(code({ expiresOn: "2025-06-14" }), "google_business", now)).toBe("expired");
    expect(promotionRefusal(code(), "website", now)).toBe("other_service");
    expect(promotionRefusal(code({ maxUses: 3, uses: 3 }), "google_business", now)).toBe("used_up");
    expect(promotionRefusal(code({ usedByCustomer: true, uses: 1 }), "google_business", now)).toBe("already_used");
  });
});

describe("isPromotionCodeShape", () => {
  it("takes letters, digits and dashes, up to 40 characters", () => {
    expect(isPromotionCodeShape("SPRING-20")).toBe(true);
    expect(isPromotionCodeShape("spring20")).toBe(true);
    expect(isPromotionCodeShape("")).toBe(false);
    expect(isPromotionCodeShape("SPRING 20")).toBe(false);
    expect(isPromotionCodeShape("%")).toBe(false);
    expect(isPromotionCodeShape("A".repeat(41))).toBe(false);
  });
});
