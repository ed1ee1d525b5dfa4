// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_EVENTS } from "~/lib/realtime/realtime";
import { useLiveUpdates } from "./use-live-updates";

const navigate = vi.hoisted(() => vi.fn());
const revalidate = vi.hoisted(() => vi.fn());
const fetchSessionUser = vi.hoisted(() => vi.fn());
/** This tab's navigation (a form sent, its answer awaited, is "submitting"). */
const navigation = vi.hoisted(() => ({ state: "idle" }));
/** The page's data reload: "loading" while one is on its way. */
const revalidator = vi.hoisted(() => ({ state: "idle" }));
vi.mock("react-router", () => ({
  useNavigate: () => navigate,
  useRevalidator: () => ({ revalidate, state: revalidator.state }),
  useNavigation: () => navigation,
  useFetchers: () => [],
}));
vi.mock("~/lib/auth/auth-api", () => ({ fetchSessionUser }));

/** A stand-in for the browser's EventSource: records every stream opened and lets the test fire its events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  fire(type: string, data = "{}") {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

const DATA_READ_AT = "1700000000000-abc123";

/** The page shows customer a's rows only, like an admin's page for one customer. */
function Page() {
  useLiveUpdates("/login", DATA_READ_AT, (change) => change.userId === "a");
  return null;
}

beforeEach(() => {
  vi.clearAllMocks();
  navigation.state = "idle";
  revalidator.state = "idle";
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Page />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("when the stream says its session ended", () => {
  it("reconnects with the browser's newer session (a password change replaced it) instead of signing out", async () => {
    fetchSessionUser.mockResolvedValue({ id: "user-1" });
    const [first] = FakeEventSource.opened;
    await act(async () => first!.fire(LIVE_EVENTS.sessionEnded));
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(first!.closed).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("waits for the answer of a form this tab sent (it may end the session itself and say where to go), then asks", async () => {
    fetchSessionUser.mockResolvedValue(null);
    navigation.state = "submitting";
    act(() => root.render(<Page />));
    const [first] = FakeEventSource.opened;
    await act(async () => first!.fire(LIVE_EVENTS.sessionEnded));
    expect(first!.closed).toBe(true);
    expect(fetchSessionUser).not.toHaveBeenCalled();
    navigation.state = "idle";
    act(() => root.render(<Page />));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login", { replace: true }));
    expect(fetchSessionUser).toHaveBeenCalledTimes(1);
  });

  it("lets a form sent while the session was being asked about have its answer first (it may go elsewhere itself)", async () => {
    let answer: (user: null) => void = () => {};
    fetchSessionUser.mockReturnValue(new Promise<null>((resolve) => (answer = resolve)));
    const [first] = FakeEventSource.opened;
    await act(async () => first!.fire(LIVE_EVENTS.sessionEnded));
    expect(fetchSessionUser).toHaveBeenCalledTimes(1);
    navigation.state = "loading";
    act(() => root.render(<Page />));
    await act(async () => answer(null));
    expect(navigate).not.toHaveBeenCalled();
    navigation.state = "idle";
    act(() => root.render(<Page />));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login", { replace: true }));
  });

  it("goes to the login page when the browser has no session any more", async () => {
    fetchSessionUser.mockResolvedValue(null);
    const [first] = FakeEventSource.opened;
    await act(async () => first!.fire(LIVE_EVENTS.sessionEnded));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login", { replace: true }));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

describe("opening the stream", () => {
  it("tells the server when the page's data was read, and does not reload the data just for opening", async () => {
    const [first] = FakeEventSource.opened;
    expect(first!.url).toBe(`/events?since=${DATA_READ_AT}`);
    await act(async () => first!.fire("open"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(revalidate).not.toHaveBeenCalled();
  });

  it("reloads the data when the server says changes may have been missed", async () => {
    const [first] = FakeEventSource.opened;
    await act(async () => first!.fire(LIVE_EVENTS.resync));
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
  });
});

describe("a change", () => {
  it("reloads the data when the open page shows it, and not for a row the page does not show", async () => {
    const [first] = FakeEventSource.opened;
    await act(async () => first!.fire(LIVE_EVENTS.change, JSON.stringify({ table: "payments", userId: "b" })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(revalidate).not.toHaveBeenCalled();
    await act(async () => first!.fire(LIVE_EVENTS.change, JSON.stringify({ table: "payments", userId: "a" })));
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
  });

  it("while a reload is on its way does not abort it: one more reload follows once it is in, for any number of changes", async () => {
    const [first] = FakeEventSource.opened;
    revalidator.state = "loading";
    act(() => root.render(<Page />));
    for (const userId of ["a", "a", "a"]) {
      await act(async () => first!.fire(LIVE_EVENTS.change, JSON.stringify({ table: "payments", userId })));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(revalidate).not.toHaveBeenCalled();
    revalidator.state = "idle";
    act(() => root.render(<Page />));
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("that cannot be read reloads the data rather than be missed", async () => {
    const [first] = FakeEventSource.opened;
    await act(async () => first!.fire(LIVE_EVENTS.change, "not json"));
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
  });
});
