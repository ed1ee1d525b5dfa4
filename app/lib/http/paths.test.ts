import { describe, expect, it } from "vitest";
import { afterSignUpPath, CUSTOMER_HOME, orderPath, sitePath } from "./paths";

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

describe("ordering a service from the landing page", () => {
  it("signs up for the service and goes on to its page; an unknown or missing one goes to the progress page", () => {
    expect(orderPath("website")).toBe("/signup?service=website");
    expect(afterSignUpPath(new URLSearchParams("service=website"))).toBe("/dashboard/website");
    expect(afterSignUpPath(new URLSearchParams("service=google_business"))).toBe("/dashboard/google-business");
    for (const search of ["", "service=seo", "service=__proto__", "service=https://evil.example"]) {
      expect(afterSignUpPath(new URLSearchParams(search)), search).toBe(CUSTOMER_HOME);
    }
  });
});
