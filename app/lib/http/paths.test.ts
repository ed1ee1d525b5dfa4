import { describe, expect, it } from "vitest";
import { sitePath } from "./paths";

describe("sitePath", () => {
  it("keeps a path on this site, query and fragment included", () => {
    expect(sitePath("/dashboard/progress?tab=1#top")).toBe("/dashboard/progress?tab=1#top");
    expect(sitePath("/")).toBe("/");
  });

  it.each([
    ["another site's address", "https://evil.example/"],
    ["a protocol-relative address", "//evil.example/x"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a tab browsers drop", "/\t/evil.example"],
    ["a newline browsers drop", "/\n/evil.example"],
    ["a carriage return", "/dashboard\r\nSet-Cookie: x=1"],
    ["a NUL", "/dashboard\u0000"],
    ["DEL", "/dashboard\u007f"],
    ["a relative path", "dashboard"],
    ["an empty string", ""],
  ])("refuses %s", (_name, value) => {
    expect(sitePath(value)).toBeNull();
  });
});
