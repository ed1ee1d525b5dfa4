// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LinkTabs, TabsContent, TabsLink, TabsList } from "./tabs";

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

const PAGES = ["/c/one", "/c/two", "/c/three"];

/** A layout with three tabs, each its own page, as a customer's page is; every load of a tab's page is counted. */
async function renderTabs() {
  const loads: string[] = [];
  function Layout() {
    const { pathname } = useLocation();
    return (
      <LinkTabs value={pathname}>
        <TabsList aria-label="Sections">
          {PAGES.map((page) => (
            <TabsLink key={page} to={page}>
              {page.slice(3)}
            </TabsLink>
          ))}
        </TabsList>
        {PAGES.map((page) => (
          <TabsContent key={page} value={page}>
            {page === pathname ? <Outlet /> : null}
          </TabsContent>
        ))}
      </LinkTabs>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: "/c",
        element: <Layout />,
        children: PAGES.map((page) => ({
          path: page.slice(3),
          loader: () => {
            loads.push(page);
            return null;
          },
          element: <p>Page {page.slice(3)}</p>,
        })),
      },
    ],
    { initialEntries: ["/c/one"] },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  await act(
    () => new Promise<void>((resolve) => (router.state.initialized ? resolve() : router.subscribe(() => resolve()))),
  );
  const tab = (name: string) =>
    [...container.querySelectorAll<HTMLAnchorElement>('[role="tab"]')].find((each) => each.textContent === name)!;
  return { router, loads: () => loads.slice(1), tab };
}

/** A press as a pointer makes it: mousedown, then the click. */
async function press(element: HTMLElement, init: MouseEventInit = {}) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, cancelable: true, button: 0, ...init }));
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
  });
}

describe("tabs whose panels are pages of their own", () => {
  it("are links with the tabs' roles, the open one selected and its panel labelled by it", async () => {
    const { tab } = await renderTabs();
    expect(tab("one").tagName).toBe("A");
    expect(tab("one").getAttribute("href")).toBe("/c/one");
    expect(tab("one").getAttribute("type")).toBeNull();
    expect(tab("one").getAttribute("aria-selected")).toBe("true");
    expect(tab("two").getAttribute("aria-selected")).toBe("false");
    const panel = container.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])')!;
    expect(panel.getAttribute("aria-labelledby")).toBe(tab("one").id);
    expect(panel.textContent).toBe("Page one");
    // Every tab's panel is there (hidden when not open), so each tab's aria-controls names an element.
    for (const name of ["two", "three"]) {
      expect(document.getElementById(tab(name).getAttribute("aria-controls")!)).not.toBeNull();
    }
  });

  it("goes to a tab's page once per press, and shows it as the open tab", async () => {
    const { router, loads, tab } = await renderTabs();
    await press(tab("two"));
    expect(router.state.location.pathname).toBe("/c/two");
    expect(loads()).toEqual(["/c/two"]);
    expect(tab("two").getAttribute("aria-selected")).toBe("true");
    expect(container.querySelector('[role="tabpanel"]:not([hidden])')!.textContent).toBe("Page two");
    // The open tab pressed again reloads nothing.
    await press(tab("two"));
    expect(loads()).toEqual(["/c/two"]);
  });

  it("goes to a tab's page when it gets the focus (the arrow keys) and on a click alone (assistive technology)", async () => {
    const { router, loads, tab } = await renderTabs();
    await act(async () => tab("three").focus());
    expect(router.state.location.pathname).toBe("/c/three");
    await act(async () => tab("one").click());
    expect(router.state.location.pathname).toBe("/c/one");
    expect(loads()).toEqual(["/c/three", "/c/one"]);
  });

  it("leaves a click with a modifier key to the browser (a new tab): this page stays", async () => {
    const { router, loads, tab } = await renderTabs();
    await press(tab("two"), { metaKey: true });
    await press(tab("three"), { ctrlKey: true });
    expect(router.state.location.pathname).toBe("/c/one");
    expect(loads()).toEqual([]);
  });
});
