// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { FIRST_PAGE, type CustomerListQuery } from "../customer-list-query";
import { CustomerListControls } from "./customer-list-controls";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function show(query: CustomerListQuery, locale: Locale = "en") {
  const router = createMemoryRouter([
    {
      path: "/admin/users",
      element: inLanguage(<CustomerListControls query={query} total={2} error={null} assignees={null} />, locale),
    },
  ]);
  void router.navigate("/admin/users");
  act(() => root.render(<RouterProvider router={router} />));
  return router;
}

const planSelect = () => container.querySelector<HTMLSelectElement>('select[name="plan"]')!;

describe("the customer list's 'Care plan' filter", () => {
  it("offers Any, On a plan and Plan past due, shows the one chosen and says it in the summary", () => {
    show({ ...FIRST_PAGE, plan: "past_due" });
    expect(container.querySelector(`label[for="${planSelect().id}"]`)?.textContent).toBe("Care plan");
    expect([...planSelect().options].map((option) => [option.value, option.textContent])).toEqual([
      ["", "Any"],
      ["on_plan", "On a plan"],
      ["past_due", "Plan past due"],
    ]);
    expect(planSelect().value).toBe("past_due");
    expect(container.querySelector('[data-testid="customer-list-summary"]')?.textContent).toBe(
      "Showing 1–2 of 2 customers · Plan past due",
    );
  });

  it("is there for a staff member too (their own customers), and reads in Spanish", () => {
    show({ ...FIRST_PAGE, plan: "on_plan" }, "es");
    expect(container.querySelector(`label[for="${planSelect().id}"]`)?.textContent).toBe("Plan de mantenimiento");
    expect([...planSelect().options].map((option) => option.textContent)).toEqual([
      "Cualquiera",
      "Con un plan",
      "Plan con pago vencido",
    ]);
  });

  it("puts the choice in the address, and leaves 'Any' out of it", async () => {
    const router = show(FIRST_PAGE);
    const search = container.querySelector<HTMLButtonElement>('form[role="search"] button[type="submit"]')!;
    planSelect().value = "on_plan";
    await act(async () => search.click());
    expect(new URLSearchParams(router.state.location.search).get("plan")).toBe("on_plan");
    planSelect().value = "";
    await act(async () => search.click());
    expect(router.state.location.search).not.toContain("plan");
  });
});
