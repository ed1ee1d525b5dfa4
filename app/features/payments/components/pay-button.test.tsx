// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { payPath } from "~/lib/http/paths";
import { PayButton } from "./pay-button";

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

const SITE = { agencyName: "LocalLift Digital", phone: "", email: "", chatUrl: "", zellePhone: "(555) 201-7788" };

/** The website's page at `url` with its buttons, under the root's site config and the portal layout's Zelle names. */
async function show(url: string, buttons: React.ReactElement) {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        children: [
          {
            id: "routes/dashboard/layout",
            path: "dashboard/website",
            element: inLanguage(buttons),
          },
        ],
      },
    ],
    {
      initialEntries: [url],
      hydrationData: {
        loaderData: {
          root: { siteConfig: SITE },
          "routes/dashboard/layout": { zelle: { recipientName: "Maria Lopez LLC", payerName: "Acme Plumbing" } },
        },
      },
    },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

const dialogs = () => [...document.querySelectorAll('[role="dialog"]')];

/**
 * Until the on-demand dialog is fetched and opened (its module's first transform in this run may take a while), or a
 * moment when nothing should open. Each wait is an act of its own: React renders what happened at the end of one.
 */
async function settle(expectDialog: boolean) {
  const wait = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  for (let tries = 0; expectDialog && dialogs().length === 0 && tries < 200; tries++) await wait();
  await wait();
}

describe("PayButton with ?pay= in the address", () => {
  it("opens the dialog of its payment once, the first of several buttons of that payment only, and takes ?pay= out of the address", async () => {
    const router = await show(
      `${payPath("website", 2)}&tab=x`,
      <>
        <PayButton serviceType="website" paymentNumber={1} cardEnabled>
          Pay first
        </PayButton>
        <PayButton serviceType="website" paymentNumber={2} cardEnabled>
          Pay second
        </PayButton>
        <PayButton serviceType="website" paymentNumber={2} cardEnabled variant="outline">
          Try Again
        </PayButton>
      </>,
    );
    await settle(true);
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]!.textContent).toContain("Payment Required");
    expect(dialogs()[0]!.textContent).toContain("Payment 2 of 2");
    // The address keeps its other parameters; the entry was replaced, so going back does not open it again.
    expect(router.state.location.pathname).toBe("/dashboard/website");
    expect(router.state.location.search).toBe("?tab=x");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("opens nothing for another payment's number, and leaves that address as it is", async () => {
    const router = await show(
      payPath("website", 2),
      <PayButton serviceType="website" paymentNumber={1} cardEnabled>
        Pay first
      </PayButton>,
    );
    await settle(false);
    expect(dialogs()).toHaveLength(0);
    expect(router.state.location.search).toBe("?pay=2");
    expect(container.querySelector("button")?.textContent).toBe("Pay first");
  });

  it("opens nothing without ?pay=; a later visit with it opens the dialog again", async () => {
    const router = await show(
      "/dashboard/website",
      <PayButton serviceType="website" paymentNumber={1} cardEnabled>
        Pay first
      </PayButton>,
    );
    await settle(false);
    expect(dialogs()).toHaveLength(0);
    await act(async () => router.navigate(payPath("website", 1)));
    await settle(true);
    expect(dialogs()).toHaveLength(1);
    expect(router.state.location.search).toBe("");
  });
});
