import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache";

describe("SessionCache", () => {
  it("serves an entry only within its time to live", () => {
    let now = 1_000;
    const cache = new SessionCache<string>(2_000, 10, () => now);
    cache.set("cookie-a", "user-a");
    expect(cache.get("cookie-a")).toBe("user-a");
    now += 1_999;
    expect(cache.get("cookie-a")).toBe("user-a");
    now += 1;
    expect(cache.get("cookie-a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keys by the cookie, so one browser's session is never served to another", () => {
    const cache = new SessionCache<string>(2_000);
    cache.set("cookie-a", "user-a");
    expect(cache.get("cookie-b")).toBeUndefined();
  });

  it("forgets everything on clear and stays bounded", () => {
    const cache = new SessionCache<number>(60_000, 3);
    for (let i = 0; i < 3; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
    cache.set("k3", 3);
    expect(cache.size).toBe(1);
    expect(cache.get("k3")).toBe(3);
    cache.clear();
    expect(cache.get("k3")).toBeUndefined();
  });
});
