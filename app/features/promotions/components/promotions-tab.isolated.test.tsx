// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { PromotionCodeView } from "../promotion-views";
import { PromotionsTab } from "./promotions-tab";

const notify = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock("~/components/ui/toast", () => ({ notify }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.clearAllMocks();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const SPRING: PromotionCodeView = {
  id: "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10",
  code: "SPRING20",
  kind: "percent",
  percentOff: 20,
  amountOff: null,
  serviceTypes: ["google_business"],
  expiresOn: null,
  maxUses: null,
  uses: 0,
  deactivated: false,
  expired: false,
  createdAt: "2026-11-20T10:00:00.000Z",
};
const GONE: PromotionCodeView = {
  ...SPRING,
  id: "1c7f2b63-4d2f-4e1b-8a4c-3b8d6f9e0a21",
  code: "GONE15",
  percentOff: 15,
  deactivated: true,
};
const OLD: PromotionCodeView = {
  ...SPRING,
  id: "2d803c74-5e30-4f2c-9b5d-4c9e7a0f1b32",
  code: "OLD10",
  percentOff: 10,
  expiresOn: "2026-01-31",
  expired: true,
};

/**
 * The tab over a memory router, as the settings page gives it: the loader reads `stored`, and the action deactivates
 * the code it is sent there (answering as the settings action does), so the reload after it shows the new state.
 */
async function showTab(initial: PromotionCodeView[]) {
  let stored = initial;
  const posted: Record<string, FormDataEntryValue>[] = [];
  function Tab() {
    const { codes } = useLoaderData<{ codes: PromotionCodeView[] }>();
    return <PromotionsTab codes={codes} />;
  }
  const action = async ({ request }: { request: Request }) => {
    const form = Object.fromEntries(await request.formData());
    posted.push(form);
    stored = stored.map((code) => (code.id === form.promotionCodeId ? { ...code, deactivated: true } : code));
    return { ok: true, title: "Promotion code deactivated" };
  };
  const router = createMemoryRouter([
    {
      path: "/",
      loader: () => ({ codes: stored }),
      action,
      element: inLanguage(<Tab />),
      hydrateFallbackElement: <p>loading</p>,
    },
  ]);
  await act(async () => root.render(<RouterProvider router={router} />));
  return { router, posted };
}

const row = (code: string) =>
  [...container.querySelectorAll('[data-testid="promotion-code-row"]')].find(
    (one) => one.querySelector("th")?.textContent === code,
  )!;
const deactivateButton = (code: string) =>
  row(code).querySelector<HTMLButtonElement>(`button[aria-label="Deactivate ${code}"]`);

describe("the Promotions tab", () => {
  it("marks each code Active, Expired or Inactive, and offers 'Deactivate' only on a code not yet deactivated", async () => {
    await showTab([SPRING, OLD, GONE]);
    expect(row("SPRING20").textContent).toContain("Active");
    expect(row("OLD10").textContent).toContain("Expired");
    expect(row("GONE15").textContent).toContain("Inactive");
    expect(deactivateButton("SPRING20")?.textContent).toBe("Deactivate");
    // An expired code can still be deactivated; a deactivated one has nothing left to do.
    expect(deactivateButton("OLD10")).not.toBeNull();
    expect(deactivateButton("GONE15")).toBeNull();
  });

  it("deactivates a code after asking first: the confirmation posts it, its toast is shown, and the row reads Inactive", async () => {
    const { router, posted } = await showTab([SPRING]);
    act(() => deactivateButton("SPRING20")!.click());
    const confirm = document.querySelector('[role="alertdialog"]')!;
    expect(confirm.querySelector("h2")?.textContent).toBe("Deactivate promotion code");
    expect(confirm.textContent).toContain("SPRING20 is refused from now on, with the same message as an unknown code.");

    const yes = confirm.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(yes.textContent).toBe("Deactivate");
    await act(async () => yes.click());
    await act(async () =>
      vi.waitFor(() =>
        expect([...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle")).toBe(true),
      ),
    );

    expect(posted).toEqual([{ intent: "deactivate-promotion-code", promotionCodeId: SPRING.id }]);
    expect(notify.success).toHaveBeenCalledWith("Promotion code deactivated", undefined);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(row("SPRING20").textContent).toContain("Inactive");
    expect(deactivateButton("SPRING20")).toBeNull();
  });
});
