// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { PlanView } from "../plan-views";
import { PlansTab } from "./plans-tab";

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

const CARE: PlanView = {
  id: "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10",
  nameEn: "Website Care",
  nameEs: "Cuidado del sitio web",
  descriptionEn: "Updates every month.",
  descriptionEs: "Actualizaciones cada mes.",
  price: 49,
  follows: "website",
  beforeFinished: true,
  retired: false,
  subscribers: 3,
};
const OLD: PlanView = {
  ...CARE,
  id: "1c7f2b63-4d2f-4e1b-8a4c-3b8d6f9e0a21",
  nameEn: "Profile Posts",
  nameEs: "Publicaciones del perfil",
  price: 19.5,
  follows: null,
  beforeFinished: false,
  retired: true,
  subscribers: 1,
};

type Answer = { ok: true; title: string } | { ok: false; error: string; field?: string };

/**
 * The tab over a memory router, as the settings page gives it: the loader reads the plans, and the action records
 * what it is sent and answers `answer` (as the settings action answers).
 */
async function showTab(
  plans: PlanView[],
  {
    cardPayments = true,
    locale = "en",
    answer = { ok: true, title: "Plan saved" },
  }: {
    cardPayments?: boolean;
    locale?: Locale;
    answer?: Answer;
  } = {},
) {
  const posted: Record<string, FormDataEntryValue>[] = [];
  function Tab() {
    const data = useLoaderData<{ plans: PlanView[]; cardPayments: boolean }>();
    return <PlansTab plans={data.plans} cardPayments={data.cardPayments} />;
  }
  const action = async ({ request }: { request: Request }) => {
    posted.push(Object.fromEntries(await request.formData()));
    return answer;
  };
  const router = createMemoryRouter([
    {
      path: "/",
      loader: () => ({ plans, cardPayments }),
      action,
      element: inLanguage(<Tab />, locale),
      hydrateFallbackElement: <p>loading</p>,
    },
  ]);
  await act(async () => root.render(<RouterProvider router={router} />));
  const settled = () =>
    act(async () =>
      vi.waitFor(() =>
        expect([...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle")).toBe(true),
      ),
    );
  return { posted, settled };
}

const rows = () => [...container.querySelectorAll<HTMLElement>('[data-testid="plan-row"]')];
const row = (name: string) => rows().find((one) => one.querySelector("th")?.textContent === name)!;
const button = (scope: ParentNode, text: string) =>
  [...scope.querySelectorAll<HTMLButtonElement>("button")].find((one) => one.textContent === text);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;

/** The input a label names in the open dialog. */
function field(label: string): HTMLInputElement {
  const element = [...dialog().querySelectorAll("label")].find((one) => one.textContent?.replace("*", "") === label);
  expect(element, label).toBeDefined();
  return dialog().querySelector<HTMLInputElement>(`#${CSS.escape(element!.htmlFor)}`)!;
}

/** The text of the messages an input is described by (its hint and its error). */
function describedBy(input: HTMLElement): string[] {
  return (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "");
}

async function openNewPlan() {
  await act(async () => button(container, "New plan")!.click());
  expect(dialog().querySelector("h2")?.textContent).toBe("New plan");
}

describe("the Plans tab", () => {
  it("lists each plan with its price a month, what it follows, its subscribers and whether it is retired", async () => {
    await showTab([CARE, OLD]);
    expect(container.querySelector("h2")?.textContent).toBe("Care plans");
    expect(rows().map((one) => one.querySelector("th")?.textContent)).toEqual(["Website Care", "Profile Posts"]);
    const care = row("Website Care");
    expect(care.textContent).toContain("$49 a month");
    expect(care.textContent).toContain("Website");
    expect(care.textContent).toContain("May be taken before it is finished");
    expect(care.querySelector('[data-label="Subscribers"]')?.textContent).toBe("3");
    expect(care.textContent).toContain("On offer");
    expect(care.querySelector('button[aria-label="Retire Website Care"]')).not.toBeNull();
    expect(care.querySelector('button[aria-label="Edit Website Care"]')).not.toBeNull();
    const old = row("Profile Posts");
    expect(old.textContent).toContain("$19.50 a month");
    expect(old.textContent).toContain("No service");
    expect(old.textContent).toContain("Retired");
    // A retired plan is offered again rather than retired twice.
    expect(old.querySelector('button[aria-label="Retire Profile Posts"]')).toBeNull();
    expect(old.querySelector('button[aria-label="Offer Profile Posts again"]')).not.toBeNull();
    expect(button(container, "New plan")).toBeDefined();
  });

  it("reads in Spanish: the plans' Spanish names and the tab's words", async () => {
    await showTab([CARE, OLD], { locale: "es" });
    expect(container.querySelector("h2")?.textContent).toBe("Planes de mantenimiento");
    expect(rows().map((one) => one.querySelector("th")?.textContent)).toEqual([
      "Cuidado del sitio web",
      "Publicaciones del perfil",
    ]);
    expect(row("Publicaciones del perfil").textContent).toContain("Retirado");
    expect(row("Publicaciones del perfil").textContent).toContain("Ningún servicio");
    expect(row("Cuidado del sitio web").textContent).toContain("al mes");
    expect(button(container, "Nuevo plan")).toBeDefined();
    await act(async () => button(container, "Nuevo plan")!.click());
    expect(dialog().textContent).toContain("Nombre en español");
    expect(dialog().textContent).toContain("Precio mensual (USD)");
  });

  it("without card payments says what to set instead of offering the form; the plans already made are still listed", async () => {
    await showTab([CARE], { cardPayments: false });
    expect(container.querySelector('[data-testid="plans-no-card"]')?.textContent).toBe(
      "Plans are charged monthly by card: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell them.",
    );
    expect(button(container, "New plan")).toBeUndefined();
    // Editing goes through the card provider; retiring does not.
    expect(row("Website Care").querySelector('button[aria-label="Edit Website Care"]')).toBeNull();
    expect(row("Website Care").querySelector('button[aria-label="Retire Website Care"]')).not.toBeNull();
  });

  it("checks the form in the browser first: a missing name is said beside its field and nothing is sent", async () => {
    const { posted } = await showTab([]);
    expect(container.textContent).toContain("No plans yet");
    await openNewPlan();
    await act(async () => button(dialog(), "Create plan")!.click());
    const name = field("Name in English");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(name)).toEqual(["Enter the plan's name in English"]);
    expect(notify.error).toHaveBeenCalledWith("Enter the plan's name in English", "Validation Error");
    expect(posted).toEqual([]);
  });

  it("shows a refusal of the server that names a field beside that field, and keeps the dialog open", async () => {
    const { posted, settled } = await showTab([], {
      answer: { ok: false, error: "Enter a monthly price of more than $0, in dollars and cents", field: "price" },
    });
    await openNewPlan();
    field("Name in English").value = "Website Care";
    field("Name in Spanish").value = "Cuidado del sitio web";
    field("Monthly price (USD)").value = "49";
    await act(async () => button(dialog(), "Create plan")!.click());
    await settled();
    expect(posted).toEqual([
      expect.objectContaining({
        intent: "create-plan",
        nameEn: "Website Care",
        nameEs: "Cuidado del sitio web",
        price: "49",
        follows: "none",
      }),
    ]);
    const price = field("Monthly price (USD)");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(price)).toContain("Enter a monthly price of more than $0, in dollars and cents");
    expect(field("Name in English").getAttribute("aria-invalid")).toBeNull();
    expect(notify.error).toHaveBeenCalledWith("Enter a monthly price of more than $0, in dollars and cents");
    expect(dialog()).not.toBeNull();
  });

  it("edits a plan in a dialog with its values, the price's hint saying who pays a new price", async () => {
    const { posted, settled } = await showTab([CARE]);
    await act(async () =>
      row("Website Care").querySelector<HTMLButtonElement>('[aria-label="Edit Website Care"]')!.click(),
    );
    expect(dialog().querySelector("h2")?.textContent).toBe("Edit Website Care");
    expect(field("Name in Spanish").value).toBe("Cuidado del sitio web");
    const price = field("Monthly price (USD)");
    expect(price.value).toBe("49.00");
    expect(describedBy(price)).toEqual([
      "A new price applies to new subscribers only: the customers already subscribed keep theirs.",
    ]);
    expect(dialog().querySelector<HTMLInputElement>('input[value="website"]')?.checked).toBe(true);
    expect(dialog().querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(true);
    price.value = "55";
    await act(async () => button(dialog(), "Save Changes")!.click());
    await settled();
    expect(posted).toEqual([
      expect.objectContaining({
        intent: "update-plan",
        planId: CARE.id,
        price: "55",
        follows: "website",
        beforeFinished: "on",
      }),
    ]);
    expect(notify.success).toHaveBeenCalledWith("Plan saved", undefined);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("retires a plan only after asking: subscribers keep it, nobody new may take it", async () => {
    const { posted, settled } = await showTab([CARE], { answer: { ok: true, title: "Plan retired" } });
    await act(async () =>
      row("Website Care").querySelector<HTMLButtonElement>('[aria-label="Retire Website Care"]')!.click(),
    );
    const confirm = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(confirm.querySelector("h2")?.textContent).toBe("Retire Website Care?");
    expect(confirm.textContent).toContain("Its subscribers keep the plan");
    expect(confirm.textContent).toContain("Nobody new may take it.");
    expect(posted).toEqual([]);
    await act(async () => confirm.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await settled();
    expect(posted).toEqual([{ intent: "retire-plan", planId: CARE.id }]);
    expect(notify.success).toHaveBeenCalledWith("Plan retired", undefined);
  });
});
