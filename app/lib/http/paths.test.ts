import { describe, expect, it } from "vitest";
import {
  afterSignUpPath,
  CUSTOMER_HOME,
  CUSTOMER_TABS,
  customerPagePath,
  customerTabAt,
  isCustomerTab,
  orderPath,
  sitePath,
  afterLoginPath,
  loginThen,
} from "./paths";

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

describe("a customer's page in the back office", () => {
  it("has a path for each tab under the customer's, the first tab (Payments) at the customer's own", () => {
    expect(customerPagePath("c-1")).toBe("/admin/users/c-1");
    expect(customerPagePath("c-1", "payments")).toBe("/admin/users/c-1");
    expect(customerPagePath("c-1", "messages")).toBe("/admin/users/c-1/messages");
    expect(customerPagePath("c-1", "google-business")).toBe("/admin/users/c-1/google-business");
    expect(customerPagePath("a/b", "notes")).toBe("/admin/users/a%2Fb/notes");
  });

  it("reads the tab back from each path, with or without a trailing slash", () => {
    for (const tab of CUSTOMER_TABS) {
      expect(customerTabAt(customerPagePath("c-1", tab))).toBe(tab);
      expect(customerTabAt(`${customerPagePath("c-1", tab)}/`)).toBe(tab);
    }
    expect(isCustomerTab("website")).toBe(true);
    expect(isCustomerTab("settings")).toBe(false);
    expect(isCustomerTab(null)).toBe(false);
  });
});

describe("the page after the sign-in", () => {
  it("is the portal page the login was asked with, else the progress page", () => {
    expect(afterLoginPath(new URLSearchParams(loginThen("/dashboard/plans/card").split("?")[1]).get("next"))).toBe(
      "/dashboard/plans/card",
    );
    expect(afterLoginPath(null)).toBe("/dashboard/progress");
    // Never another site, nor a page outside the portal.
    expect(afterLoginPath("//evil.example/dashboard")).toBe("/dashboard/progress");
    expect(afterLoginPath("https://evil.example/dashboard")).toBe("/dashboard/progress");
    expect(afterLoginPath("/admin/settings")).toBe("/dashboard/progress");
    expect(afterLoginPath("/dashboardx")).toBe("/dashboard/progress");
  });
});
