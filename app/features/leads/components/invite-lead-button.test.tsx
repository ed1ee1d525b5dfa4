// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { InviteLeadButton } from "./invite-lead-button";

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
  document.body.innerHTML = "";
});

const LEAD = { name: "Rosa Díaz", email: "rosa@example.com", customerId: null };

function show(lead: Parameters<typeof InviteLeadButton>[0]["lead"], locale: Locale = "en") {
  const router = createMemoryRouter([
    { path: "/admin/leads/:leadId", element: inLanguage(<InviteLeadButton lead={lead} />, locale) },
  ]);
  void router.navigate("/admin/leads/6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f");
  act(() => root.render(<RouterProvider router={router} />));
}

describe("InviteLeadButton", () => {
  it("asks before it posts the page's invite-lead intent, naming the lead and their address", () => {
    show(LEAD);
    const button = container.querySelector<HTMLButtonElement>('[data-testid="invite-lead"]')!;
    expect(button.textContent).toBe("Invite to sign up");
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    act(() => button.click());
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain("Invite Rosa Díaz to sign up?");
    expect(dialog.textContent).toContain("rosa@example.com");
    expect(dialog.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe("invite-lead");
    expect(dialog.querySelector('button[type="submit"]')?.textContent).toBe("Send invitation");
  });

  it("speaks Spanish on a Spanish page", () => {
    show(LEAD, "es");
    expect(container.querySelector('[data-testid="invite-lead"]')?.textContent).toBe("Invitar a registrarse");
  });

  it("is not shown for a lead without an e-mail address, nor once the lead is a customer", () => {
    show({ ...LEAD, email: null });
    expect(container.querySelector('[data-testid="invite-lead"]')).toBeNull();
    show({ ...LEAD, customerId: "2b1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" });
    expect(container.querySelector('[data-testid="invite-lead"]')).toBeNull();
  });
});
