import { useEffect, useRef } from "react";
import { useFetchers, useNavigate, useNavigation, useRevalidator } from "react-router";
import { fetchSessionUser } from "~/lib/auth/auth-api";
import { LIVE_EVENTS, LIVE_STREAM_PATH, RECENT_CHANGE_COOKIE_VALUE, type Change } from "~/lib/realtime/realtime";

const RECONNECT_MS = 2000;
const REVALIDATE_DEBOUNCE_MS = 50;

/**
 * Keeps the signed-in page current: listens to the live stream and reloads the page's data when
 * something the viewer may see changes. Goes to `loginPath` when the session ends. `dataReadAt` says when (and on
 * which server process) the layout's loader read the page's data: the stream tells whether anything changed since.
 * `concerns` says whether a change is one the open page shows; the others reload nothing.
 */
export function useLiveUpdates(
  loginPath: string,
  dataReadAt: string,
  concerns: (change: Change) => boolean = () => true,
): void {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  // A form of this tab still waiting for its answer: the answer may end the session itself and say where to go (an
  // account deleted) or bring the session that replaces it (a password change), which the stream hears of first.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sending = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  // A form of this tab sent and not answered yet (a data load, such as earlier messages, is no form).
  const submitting = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  // The latest functions, without restarting the stream on every render.
  const latest = useRef({ revalidator, navigate, dataReadAt, concerns, sending, submitting });
  useEffect(() => {
    latest.current = { revalidator, navigate, dataReadAt, concerns, sending, submitting };
  });
  // A change that came while the page's data was being reloaded: one more reload once that one is in. Starting
  // it at once would abort the reload on its way, and changes arriving faster than a reload takes (a busy back
  // office) would keep the page from ever getting its data.
  const reloadAgain = useRef(false);
  useEffect(() => {
    if (revalidator.state !== "idle" || !reloadAgain.current) return;
    reloadAgain.current = false;
    void revalidator.revalidate();
  }, [revalidator]);
  // The session check a stream's end asked for while a form was on its way: made once the answer is in.
  const afterAnswer = useRef<(() => void) | null>(null);
  useEffect(() => {
    const check = afterAnswer.current;
    if (sending || !check) return;
    afterAnswer.current = null;
    check();
  }, [sending]);
  // A change heard while a form of this tab waited for its answer: reloaded once the answer is in. A change usually
  // comes before the answer to the form that made it (the stream hears of it at commit): reloaded at once, the page
  // could drop the form (a paid payment's dialog goes with its Pay button) before the form had its answer, and with
  // it the answer's toast. The answer's own reload does not stand in for it: a refused form reloads nothing.
  const reloadAfterAnswer = useRef(false);
  useEffect(() => {
    if (submitting || !reloadAfterAnswer.current) return;
    reloadAfterAnswer.current = false;
    if (revalidator.state === "idle") void revalidator.revalidate();
    else reloadAgain.current = true;
  }, [submitting, revalidator]);

  useEffect(() => {
    let source: EventSource | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let revalidateTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const revalidate = () => {
      // The reload that follows must be answered in full, whichever instance answers it (RECENT_CHANGE_COOKIE).
      document.cookie = RECENT_CHANGE_COOKIE_VALUE;
      clearTimeout(revalidateTimer);
      revalidateTimer = setTimeout(() => {
        const { revalidator: current, submitting: answerAwaited } = latest.current;
        if (answerAwaited) reloadAfterAnswer.current = true;
        else if (current.state === "idle") void current.revalidate();
        else reloadAgain.current = true;
      }, REVALIDATE_DEBOUNCE_MS);
    };
    const changed = (event: MessageEvent<string>) => {
      const change = parseChange(event.data);
      if (!change || latest.current.concerns(change)) revalidate();
    };
    const signedOut = () => {
      stopped = true;
      source?.close();
      void latest.current.navigate(loginPath, { replace: true });
    };
    // No session any more: to the login page, unless a form of this tab was sent while the session was being asked
    // about. Its answer goes first: it may be the one that ended the session and says where to go (an account
    // deleted), and a page going there leaves this one, which then sends nobody to the login page.
    const signedOutOnceAnswered = () => {
      if (!latest.current.sending) signedOut();
      else afterAnswer.current = () => !stopped && signedOut();
    };
    // The stream's own session ended. The browser may hold a newer one (a password change replaces this
    // browser's session): then the stream reconnects with it; otherwise the user is signed out. Asked once this
    // tab's form in flight, if any, has its answer.
    const sessionEnded = () => {
      source?.close();
      const check = () => {
        if (stopped) return;
        fetchSessionUser()
          .then((user) => {
            if (!user) signedOutOnceAnswered();
            else if (!stopped) connect();
          })
          .catch(signedOut);
      };
      if (latest.current.sending) afterAnswer.current = check;
      else check();
    };

    const connect = () => {
      if (stopped) return;
      // Changes made before the stream opened (between reading the data and connecting, or while it was down)
      // would be missed: the server compares them with `since` and sends a resync when there were any.
      source = new EventSource(`${LIVE_STREAM_PATH}?since=${encodeURIComponent(latest.current.dataReadAt)}`);
      source.addEventListener(LIVE_EVENTS.change, changed);
      source.addEventListener(LIVE_EVENTS.resync, revalidate);
      source.addEventListener(LIVE_EVENTS.sessionEnded, sessionEnded);
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser is already retrying
        // The server refused the stream (e.g. 401): find out whether the session is gone, else retry.
        fetchSessionUser()
          .then((user) => {
            if (!user) signedOutOnceAnswered();
            else reconnectTimer = setTimeout(connect, RECONNECT_MS);
          })
          .catch(() => {
            reconnectTimer = setTimeout(connect, RECONNECT_MS);
          });
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearTimeout(revalidateTimer);
      source?.close();
    };
  }, [loginPath]);
}

/** A change event's data, or undefined when it cannot be read: then the page reloads (a reload too many, never one missed). */
function parseChange(data: string): Change | undefined {
  try {
    const { table, userId } = JSON.parse(data) as Partial<Change>;
    if (typeof table === "string" && typeof userId === "string") return { table, userId };
  } catch {
    // unreadable: undefined below
  }
  return undefined;
}
