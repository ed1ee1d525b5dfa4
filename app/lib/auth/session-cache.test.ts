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

  it("shares one load among the callers that miss together, per key, and loads again once it has settled", async () => {
    const cache = new SessionCache<string>(2_000);
    const loads: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = (key: string) => () => {
      loads.push(key);
      return gate.then(() => `user of ${key}`);
    };
    const burst = [
      cache.shared("cookie-a", load("cookie-a")),
      cache.shared("cookie-a", load("cookie-a")),
      cache.shared("cookie-b", load("cookie-b")),
    ];
    release();
    expect(await Promise.all(burst)).toEqual(["user of cookie-a", "user of cookie-a", "user of cookie-b"]);
    expect(loads).toEqual(["cookie-a", "cookie-b"]);
    await cache.shared("cookie-a", load("cookie-a"));
    expect(loads).toEqual(["cookie-a", "cookie-b", "cookie-a"]);
  });

  it("never lets a caller after clear share a load started before it, nor keeps a failed load", async () => {
    const cache = new SessionCache<string>(2_000);
    let calls = 0;
    const before = cache.shared("cookie-a", async () => `read ${++calls}`);
    cache.clear();
    const after = cache.shared("cookie-a", async () => `read ${++calls}`);
    expect([await before, await after]).toEqual(["read 1", "read 2"]);

    await expect(cache.shared("cookie-a", () => Promise.reject(new Error("database down")))).rejects.toThrow(
      "database down",
    );
    expect(await cache.shared("cookie-a", async () => "read again")).toBe("read again");
  });
});
