// @vitest-environment happy-dom
import { setupI18n } from "@lingui/core";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActionResult } from "~/lib/http/forms";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { setActiveI18n } from "~/lib/i18n/translate";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import type { Locale } from "~/lib/i18n/locales";
import type { ThreadView } from "../message-views";
import { MessagesPanel } from "./messages-panel";

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
  vi.unstubAllGlobals();
  setActiveI18n(setupI18n({ locale: "en", messages: { en } }));
});

const THREAD: ThreadView = {
  customerId: "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10",
  customerName: "Casey Customer",
  messages: [],
  earlierBefore: null,
  customerReadAt: null,
  agencyReadAt: null,
  unread: 0,
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Each post the composer makes, as the page's action received it, answered with `answers` in turn. */
function showComposer(answers: ActionResult[] = [], locale: Locale = "en") {
  const posts: FormData[] = [];
  const router = createMemoryRouter([
    {
      path: "/",
      element: inLanguage(
        <MessagesPanel
          thread={THREAD}
          frame={{ agencyName: "Agency", replyTime: "Soon" }}
          viewerIsAgency={false}
          action="/"
          earlierPath="/m"
        />,
        locale,
      ),
      action: async ({ request }) => {
        posts.push(await request.formData());
        return answers.shift() ?? { ok: true };
      },
    },
  ]);
  act(() => root.render(<RouterProvider router={router} />));
  return posts;
}

const input = () => container.querySelector<HTMLInputElement>('input[type="file"]')!;
const alertText = () => container.querySelector('[role="alert"]')?.textContent ?? null;
const listed = () =>
  [...container.querySelectorAll('ul[aria-label="Files to send"] li span')].map((span) => span.textContent);

async function pick(...files: File[]) {
  Object.defineProperty(input(), "files", { value: files, configurable: true });
  await act(async () => {
    input().dispatchEvent(new Event("change", { bubbles: true }));
  });
  await vi.waitFor(() => expect(input().disabled || alertText() !== null || listed().length > 0).toBe(true));
}

async function typeAndSend(text: string) {
  const box = container.querySelector("textarea")!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(box, text);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await act(async () => {
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
  });
}

describe("the message composer's files", () => {
  it("refuses a file that is not an image or a PDF as it is picked, names it, and keeps the good ones", async () => {
    const posts = showComposer();
    await pick(
      new File(["not an image at all"], "logo.png", { type: "image/png" }),
      new File([PNG], "real.png", { type: "image/png" }),
    );
    expect(alertText()).toBe('"logo.png" was not attached: Attach JPEG, PNG or WebP images or PDF files only');
    expect(listed()).toEqual(["real.png"]);

    // The next send goes with the good file alone.
    await typeAndSend("Here is our logo");
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.getAll("files").map((file) => (file as File).name)).toEqual(["real.png"]);
  });

  it("drops and names the file the server refused, so the next send goes without it", async () => {
    const posts = showComposer([
      { ok: false, error: "Attach JPEG, PNG or WebP images or PDF files only", field: "files.1" },
    ]);
    await pick(
      new File([PNG], "first.png", { type: "image/png" }),
      new File([PNG], "broken.png", { type: "image/png" }),
    );
    await typeAndSend("Two photos");
    await vi.waitFor(() =>
      expect(alertText()).toBe('"broken.png" was not attached: Attach JPEG, PNG or WebP images or PDF files only'),
    );
    expect(listed()).toEqual(["first.png"]);
    expect(container.querySelector("textarea")!.value).toBe("Two photos");

    await act(async () => {
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    });
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.getAll("files").map((file) => (file as File).name)).toEqual(["first.png"]);
  });

  it("names a refused file in Spanish on a Spanish page", async () => {
    // The page's language, as LocalizedProvider sets it for messages read outside components (put back after each test).
    setActiveI18n(setupI18n({ locale: "es", messages: { es } }));
    showComposer([], "es");
    await pick(new File(["GIF89a"], "animado.gif", { type: "image/gif" }));
    expect(alertText()).toBe('"animado.gif" no se adjuntó: Adjunte solo imágenes JPEG, PNG o WebP o archivos PDF');
  });

  it("has one control to attach files, the file input, named by its visible button", () => {
    showComposer();
    const named = [...container.querySelectorAll("button, input")].filter(
      (element) =>
        element.textContent?.includes("Attach files") || element.getAttribute("aria-label") === "Attach files",
    );
    expect(named).toHaveLength(0);
    expect(input().closest("label")?.textContent).toBe("Attach files");
  });
});

describe("Enter in the composer", () => {
  const pressEnter = async () => {
    const box = container.querySelector("textarea")!;
    await act(async () => {
      box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    });
  };
  const matchMedia = (coarse: boolean) =>
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: coarse && query === "(pointer: coarse)",
      addEventListener() {},
      removeEventListener() {},
    }));

  it("sends with a keyboard, and the hint says so", async () => {
    matchMedia(false);
    const posts = showComposer();
    const box = container.querySelector("textarea")!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(box, "Hello");
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await pressEnter();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(container.textContent).toContain("Enter sends; Shift+Enter starts a new line.");
  });

  it("writes a new line on a touch screen, where the button sends and the hint speaks of no keys", async () => {
    matchMedia(true);
    const posts = showComposer();
    const box = container.querySelector("textarea")!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(box, "Half a thought");
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await pressEnter();
    expect(posts).toHaveLength(0);
    expect(container.textContent).not.toContain("Enter sends");
    expect(container.textContent).toContain("Up to 5 files: JPEG, PNG or WebP images or PDF, 10 MB each.");
  });
});
