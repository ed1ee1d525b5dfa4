// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { BENEFIT_ORDER } from "../landing";
import { Industries } from "../components/industries";
import IndustryDialog from "../components/industry-dialog";
import { enhanceIndustryDialogs } from "./industry-dialogs";
import { canonical, inRouter, landingContent, serverRendered } from "./landing-test-support";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let undo: (() => void) | null = null;
let reactRoot: Root | null = null;

afterEach(() => {
  undo?.();
  undo = null;
  if (reactRoot) act(() => reactRoot!.unmount());
  reactRoot = null;
  document.body.innerHTML = "";
  document.body.removeAttribute("style");
});

/** The pre-rendered industries section, with a header before it, run by the page's script. */
function enhancedPage() {
  const header = document.createElement("header");
  header.innerHTML = '<a href="/login">Login</a>';
  document.body.append(header);
  const section = serverRendered(<Industries content={landingContent.industries} />);
  undo = enhanceIndustryDialogs(document);
  return { header, section };
}

const labels = landingContent.industries.dialog;
const card = (section: HTMLElement, name: string) =>
  [...section.querySelectorAll<HTMLButtonElement>("button[data-industry]")].find(
    (button) => button.textContent === name,
  )!;
const openDialog = () => document.querySelector<HTMLElement>('body > [role="dialog"]');
const press = (key: string, shiftKey = false) =>
  document.activeElement!.dispatchEvent(
    new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true }),
  );

describe("the pre-rendered industry dialogs, run by the page's script", () => {
  it("open the card's dialog, named by its title and described, with focus on its first button and the page out of reach", () => {
    const { header, section } = enhancedPage();
    expect(openDialog()).toBeNull();
    card(section, "Roofing").click();

    const dialog = openDialog()!;
    const title = document.getElementById(dialog.getAttribute("aria-labelledby")!);
    expect(title?.tagName).toBe("H2");
    expect(title?.textContent).toBe("Why Roofing Businesses Need Online Presence");
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe(
      landingContent.industries.items.find((industry) => industry.slug === "roofing")!.dialog.description,
    );
    expect([...dialog.querySelectorAll("h3")].map((heading) => heading.textContent)).toEqual([
      "Google Business Profile",
      "Professional Website",
      "Get More Clients",
      "Charge Premium Rates",
    ]);
    expect(dialog.querySelector('a[href="/signup"]')?.textContent).toBe(labels.signUp);
    expect(document.activeElement?.getAttribute("aria-label")).toBe(labels.close);
    expect(dialog.previousElementSibling?.hasAttribute("data-dialog-overlay")).toBe(true);
    expect(header.hasAttribute("inert")).toBe(true);
    expect(section.hasAttribute("inert")).toBe(true);
    expect(document.body.style.overflow).toBe("hidden");
  });

  it("keep Tab and Shift+Tab inside, from the last element to the first and back", () => {
    const { section } = enhancedPage();
    card(section, "Pressure Washing").click();
    const dialog = openDialog()!;
    const tabbable = [...dialog.querySelectorAll<HTMLElement>("button, a[href]")];
    const [first, last] = [tabbable[0], tabbable.at(-1)];
    last!.focus();
    press("Tab");
    expect(document.activeElement).toBe(first);
    press("Tab", true);
    expect(document.activeElement).toBe(last);
    // Focus that gets outside is brought back.
    card(section, "Cleaning").focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("close on Escape, on either close button and on a press on the overlay (not a right click), focus back on the card", () => {
    const { header, section } = enhancedPage();
    const roofing = card(section, "Roofing");
    const closers: [string, () => void][] = [
      ["Escape", () => press("Escape")],
      ["the Close button", () => openDialog()!.querySelector<HTMLElement>(`[aria-label="${labels.close}"]`)!.click()],
      [
        "Back",
        () =>
          [...openDialog()!.querySelectorAll("button")].find((button) => button.textContent === labels.back)!.click(),
      ],
      [
        "the overlay",
        () =>
          document
            .querySelector("[data-dialog-overlay]")!
            .dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, pointerType: "mouse" })),
      ],
    ];
    for (const [how, close] of closers) {
      roofing.click();
      expect(openDialog(), how).not.toBeNull();
      close();
      expect(openDialog(), how).toBeNull();
      expect(document.querySelector("[data-dialog-overlay]"), how).toBeNull();
      expect(document.activeElement, how).toBe(roofing);
      expect(header.hasAttribute("inert"), how).toBe(false);
      expect(section.hasAttribute("inert"), how).toBe(false);
      expect(document.body.style.overflow, how).toBe("");
    }

    roofing.click();
    document
      .querySelector("[data-dialog-overlay]")!
      .dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 2, pointerType: "mouse" }));
    expect(openDialog()).not.toBeNull();
  });

  it("show every industry's own dialog", () => {
    const { section } = enhancedPage();
    for (const industry of landingContent.industries.items) {
      card(section, industry.name).click();
      const dialog = openDialog()!;
      expect(dialog.querySelector("h2")?.textContent).toBe(industry.dialog.title);
      expect(dialog.querySelectorAll("h3")).toHaveLength(BENEFIT_ORDER.length);
      press("Escape");
    }
  });

  it("draw the same dialog as the React page's Radix dialog: elements, classes and text", () => {
    const { section } = enhancedPage();
    const reactContainer = document.createElement("div");
    document.body.append(reactContainer);
    reactRoot = createRoot(reactContainer);
    // Radix names the title and the description with ids of its own, sets a style for its pointer handling, and
    // gives the link it closes with (the quote link) a button's type.
    const comparable = (element: Element) =>
      canonical(element)
        .replace(/ (id|aria-labelledby|aria-describedby|style|data-dialog-close)="[^"]*"/g, "")
        .replace(/(<a[^>]*) type="button"/g, "$1")
        .replace(/<(\w+) >/g, "<$1>");
    for (const industry of landingContent.industries.items) {
      const template = section.querySelector<HTMLTemplateElement>(`template[data-industry-dialog="${industry.slug}"]`)!;
      act(() =>
        reactRoot!.render(
          inRouter(
            <IndustryDialog
              industry={industry}
              labels={landingContent.industries.dialog}
              open
              onOpenChange={() => {}}
              onCloseAutoFocus={() => {}}
            />,
          ),
        ),
      );
      const radix = document.querySelector('body > [role="dialog"]')!;
      expect(comparable(template.content.querySelector('[role="dialog"]')!)).toBe(comparable(radix));
      const radixOverlay = radix.previousElementSibling!;
      expect(template.content.querySelector("[data-dialog-overlay]")?.className).toBe(radixOverlay.className);
    }
  });
});
