import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { config, z } from "zod";

describe("Zod without eval", () => {
  it("is configured jitless, so it never probes new Function under the CSP", () => {
    expect(config().jitless).toBe(true);
    const original = globalThis.Function;
    let probed = false;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        probed = true;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(z.object({ a: z.string(), b: z.number() }).parse({ a: "x", b: 1 })).toEqual({ a: "x", b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(probed).toBe(false);
  });
});
