import { describe, expect, it } from "vitest";
import { isClientGone } from "./client-gone";

describe("a browser gone mid-answer", () => {
  it("is Express's 'Request aborted' and the socket's own endings, not any other failure", () => {
    expect(isClientGone(Object.assign(new Error("Request aborted"), { code: "ECONNABORTED" }))).toBe(true);
    for (const code of ["ECONNRESET", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE"])
      expect(isClientGone(Object.assign(new Error(code), { code }))).toBe(true);
    expect(isClientGone(new Error("a bug"))).toBe(false);
    expect(isClientGone(Object.assign(new Error("no such file"), { code: "ENOENT" }))).toBe(false);
    expect(isClientGone(null)).toBe(false);
    expect(isClientGone("ECONNABORTED")).toBe(false);
  });
});
