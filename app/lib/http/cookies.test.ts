import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies";

describe("cookieValue", () => {
  it("finds a cookie by its exact name, keeping any '=' in its value", () => {
    const header = "a=1; live_changed=1; token=abc.def==; x_live_changed=2";
    expect(cookieValue(header, "live_changed")).toBe("1");
    expect(cookieValue(header, "token")).toBe("abc.def==");
    expect(cookieValue(header, "changed")).toBeNull();
  });

  it("answers null without a header, and an empty value as empty", () => {
    expect(cookieValue(null, "a")).toBeNull();
    expect(cookieValue(undefined, "a")).toBeNull();
    expect(cookieValue("a=", "a")).toBe("");
    expect(cookieValue("a", "a")).toBe("");
  });
});
