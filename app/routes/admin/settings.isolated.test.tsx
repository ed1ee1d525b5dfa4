// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultSettings, type AdminSettings as Settings } from "~/domain/admin-settings";
import { inLanguage } from "~/lib/i18n/test-i18n";
import AdminSettings from "./settings";

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

type Props = Parameters<typeof AdminSettings>[0];

/** The settings page over a memory router whose loader reads `stored` and whose action saves the General tab into it. */
function settingsPage(initial: Settings) {
  let stored = initial;
  const elsewhere = (general: Partial<Settings["general"]>) =>
    (stored = { ...stored, general: { ...stored.general, ...general } });
  function Page() {
    const loaderData = useLoaderData();
    return <AdminSettings {...({ loaderData, params: {}, matches: [] } as unknown as Props)} />;
  }
  // Only the open tab (General) is rendered: the other tabs' data is passed along, never read.
  const loader = () => ({ settings: stored, assignees: [], retention: { lastRun: null }, title: "Settings" });
  const action = async ({ request }: { request: Request }) => {
    const form = await request.formData();
    stored = { ...stored, general: { ...stored.general, maintenanceMode: form.get("maintenanceMode") === "on" } };
    return { ok: true };
  };
  const router = createMemoryRouter([
    { path: "/", loader, action, element: inLanguage(<Page />), hydrateFallbackElement: <p>loading</p> },
  ]);
  return { router, elsewhere };
}

const SEED = {
  companyName: "Acme Agency",
  supportEmail: "help@acme.test",
  sessionDurationMinutes: 60,
  maxLoginAttempts: 5,
};

describe("the settings page", () => {
  it("shows a save's toast when the save's answer and the reload after it reach the screen together", async () => {
    const { router } = settingsPage(defaultSettings(SEED));
    await act(async () => root.render(<RouterProvider router={router} />));
    const toggle = () => container.querySelector<HTMLInputElement>('input[role="switch"][name="maintenanceMode"]')!;
    expect(toggle().checked).toBe(false);

    // The action and the reload both answer at once: React renders the state after both, never the one between.
    await act(async () => {
      toggle().click();
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    });
    await act(async () =>
      vi.waitFor(() =>
        expect([...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle")).toBe(true),
      ),
    );

    expect(notify.success).toHaveBeenCalledWith("Settings saved", "General settings have been updated successfully");
    expect(toggle().checked).toBe(true);
  });

  it("resets the form to what another admin saved when the page reloads its data (a live update)", async () => {
    const { router, elsewhere } = settingsPage(defaultSettings(SEED));
    await act(async () => root.render(<RouterProvider router={router} />));
    const companyName = () => container.querySelector<HTMLInputElement>('input[name="companyName"]')!;
    companyName().value = "Typed, not saved";
    elsewhere({ companyName: "Saved Elsewhere" });
    await act(async () => router.revalidate());
    expect(companyName().value).toBe("Saved Elsewhere");
  });
});
