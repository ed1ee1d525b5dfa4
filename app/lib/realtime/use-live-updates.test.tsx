// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { useEffect } from "react";
import { createMemoryRouter, RouterProvider, useFetcher, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_EVENTS } from "~/lib/realtime/realtime";
import { useLiveUpdates } from "./use-live-updates";

/** The browser's EventSource, standing in for the live stream: the test fires its events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  fire(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
/** What the database holds now: each change makes it one more. */
let saved = 0;
/** Each read of the page's data, in order: what it saw, and whether it has answered. */
let reads: { saw: number; answered: boolean }[] = [];
/** While set, a read waits for the test to let it answer (a reload still on its way). */
let held: (() => void)[] | null = null;
/** While set, the form's action waits for the test to let it answer. */
let actionHeld: (() => void) | null = null;
/** The answers the form read, and how it is sent. */
let formAnswers: unknown[] = [];
let sendForm: (() => void) | null = null;

/** A form the page shows only until its change is in (a Pay button and its dialog, gone once the payment is made). */
function Form() {
  const fetcher = useFetcher<{ ok: boolean }>();
  useEffect(() => {
    sendForm = () => void fetcher.submit({ pay: "1" }, { method: "post" });
  });
  useEffect(() => {
    if (fetcher.data) formAnswers.push(fetcher.data);
  }, [fetcher.data]);
  return null;
}

function Page() {
  const { saw } = useLoaderData<{ saw: number }>();
  useLiveUpdates("/login", "1700000000000-abc123");
  return (
    <>
      <p data-testid="shown">{saw}</p>
      {saw === 0 ? <Form /> : null}
    </>
  );
}

beforeEach(() => {
  saved = 0;
  reads = [];
  held = null;
  actionHeld = null;
  formAnswers = [];
  sendForm = null;
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  // The real router: its own revalidation state, aborts and loader calls, as in the browser.
  const router = createMemoryRouter(
    [
      {
        id: "page",
        path: "/",
        element: <Page />,
        loader: async () => {
          // The data is read when the loader starts; the answer may come later.
          const read = { saw: saved, answered: false };
          reads.push(read);
          if (held) await new Promise<void>((resolve) => held!.push(resolve));
          read.answered = true;
          return { saw: read.saw };
        },
        action: async () => {
          await new Promise<void>((resolve) => (actionHeld = resolve));
          return { ok: true };
        },
      },
    ],
    { hydrationData: { loaderData: { page: { saw: 0 } } } },
  );
  act(() => root.render(<RouterProvider router={router} />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const shown = () => container.querySelector('[data-testid="shown"]')?.textContent;
async function change() {
  saved += 1;
  await act(async () =>
    FakeEventSource.opened[0]!.fire(LIVE_EVENTS.change, JSON.stringify({ table: "payments", userId: "a" })),
  );
}

describe("live changes reach the open page", () => {
  it("two changes in quick succession: the page shows both, from one reload made after the second", async () => {
    await change();
    await change();
    await vi.waitFor(() => expect(shown()).toBe("2"));
    expect(reads.map((read) => read.saw)).toEqual([2]);
  });

  it("a change that arrives while a reload is on its way, after that reload read the data: one more reload brings it", async () => {
    held = [];
    await change();
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    // The first reload has read the data (one change) and not answered yet when the second change comes.
    await change();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const waiting = held;
    held = null;
    await act(async () => waiting.forEach((answer) => answer()));
    await vi.waitFor(() => expect(shown()).toBe("2"));
    // The first reload was let finish (not aborted), and the second read after the second change.
    expect(reads).toEqual([
      { saw: 1, answered: true },
      { saw: 2, answered: true },
    ]);
  });

  it("a change that arrives while a form of the page waits for its answer: the form reads its answer before the page drops it", async () => {
    await act(async () => sendForm!());
    await vi.waitFor(() => expect(actionHeld).not.toBeNull());
    // The stream hears of the form's own change at commit, before the form's answer arrives.
    await change();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(reads).toHaveLength(0);
    // The answer comes, and the reload it brings takes its time, as over the network.
    held = [];
    await act(async () => actionHeld!());
    await vi.waitFor(() => expect(formAnswers).toEqual([{ ok: true }]));
    const waiting = held;
    held = null;
    await act(async () => waiting.forEach((answer) => answer()));
    await vi.waitFor(() => expect(shown()).toBe("1"));
  });
});
