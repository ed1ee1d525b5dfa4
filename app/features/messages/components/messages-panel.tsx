import { Trans, useLingui } from "@lingui/react/macro";
import { FileText, Paperclip, Send } from "lucide-react";
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import { PickButton, PickedFileList, usePickedFiles } from "~/components/forms/file-pickers";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/http/forms";
import { INTL_LOCALES, isLocale } from "~/lib/i18n/locales";
import { useHydrated } from "~/lib/use-hydrated";
import { useMediaQuery } from "~/lib/use-media-query";
import { cn } from "~/lib/utils";
import { formatFileSize, mergeThread, seenMessageId } from "../message-rules";
import type { ConversationFrame, MessageView, ThreadView } from "../message-views";
import { MARK_MESSAGES_READ_INTENT, MESSAGE_MAX, SEND_MESSAGE_INTENT } from "../messages.schemas";

const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";
const MAX_FILES = 5;

interface MessagesPanelProps {
  thread: ThreadView;
  frame: ConversationFrame;
  /** The admin's view (the agency's side) or the customer's. */
  viewerIsAgency: boolean;
  /** The page whose action takes the composer's post and the read mark. */
  action: string;
  /** Where earlier pages load from (`?before=<id>` is added). */
  earlierPath: string;
}

/**
 * A conversation and its composer, for the customer's Messages page and the admin's Messages tab: the messages
 * oldest first (the newest at the bottom, in view), 'Load earlier messages' above them, 'Seen' under the viewer's
 * side's last message once the other side read it. Shown with unread messages while the page is visible, the
 * thread marks them read.
 */
export function MessagesPanel({ thread, frame, viewerIsAgency, action, earlierPath }: MessagesPanelProps) {
  const { t, i18n } = useLingui();
  const [known, setKnown] = useState<MessageView[]>(thread.messages);
  const [earlierBefore, setEarlierBefore] = useState(thread.earlierBefore);
  const [followed, setFollowed] = useState(thread);
  // Each new page of the loader (a live update) joins what this page already shows.
  if (followed !== thread) {
    const sameConversation = thread.customerId === followed.customerId;
    setFollowed(thread);
    setKnown((current) => (sameConversation ? mergeThread(current, thread.messages) : thread.messages));
    if (!sameConversation) setEarlierBefore(thread.earlierBefore);
  }
  const earlier = useFetcher<ThreadView>();
  const [loadedEarlier, setLoadedEarlier] = useState<ThreadView | undefined>();
  if (earlier.data && earlier.data !== loadedEarlier) {
    setLoadedEarlier(earlier.data);
    setKnown((current) => mergeThread(earlier.data!.messages, current));
    setEarlierBefore(earlier.data.earlierBefore);
  }

  useMarkRead(thread.unread, action);

  const seenId = seenMessageId(known, viewerIsAgency, viewerIsAgency ? thread.customerReadAt : thread.agencyReadAt);
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = known.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "nearest" });
  }, [lastId]);
  const locale = INTL_LOCALES[isLocale(i18n.locale) ? i18n.locale : "en"];
  const words: ThreadWords = {
    you: t`You`,
    formerTeamMember: t`Former team member`,
    byEmail: t`by e-mail`,
    attachments: t`Attachments`,
    seen: t`Seen`,
    openFullSize: (name) => t`${name} (open full size)`,
  };
  // The agency's messages name the admin and the agency; the customer's, the customer (or 'You' on their own page).
  const authorOf = (message: MessageView) => {
    if (!message.fromAgency) return viewerIsAgency ? thread.customerName : words.you;
    const member = message.authorName ?? words.formerTeamMember;
    return viewerIsAgency ? `${member} · ${frame.agencyName}` : `${frame.agencyName} · ${member}`;
  };
  // In the viewer's time zone, which the server does not know: filled in after hydration (as LocalDateTime does),
  // with one formatter for the whole thread (one per message was a fifth of the page's render time).
  const hydrated = useHydrated();
  const time = useMemo(
    () => (hydrated ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }) : null),
    [hydrated, locale],
  );

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      {earlierBefore ? (
        <div className="text-center">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={earlier.state !== "idle"}
            onClick={() => earlier.load(`${earlierPath}?before=${encodeURIComponent(earlierBefore)}`)}
          >
            {earlier.state !== "idle" ? t`Loading...` : t`Load earlier messages`}
          </Button>
        </div>
      ) : null}
      {known.length === 0 ? (
        <div className="py-10 text-center">
          <p className="font-medium text-slate-900">{t`No messages yet`}</p>
          {viewerIsAgency ? null : <p className="mt-1 text-sm text-slate-600">{frame.replyTime}</p>}
        </div>
      ) : (
        <div role="log" aria-label={t`Conversation`}>
          <ol className="flex flex-col gap-4">
            {known.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                own={message.fromAgency === viewerIsAgency}
                author={authorOf(message)}
                words={words}
                seen={message.id === seenId}
                locale={locale}
                time={time}
              />
            ))}
          </ol>
        </div>
      )}
      <div ref={bottom} />
      <Composer action={action} />
    </Card>
  );
}

/** The words every message of the thread shares, looked up once for the thread rather than once a message. */
interface ThreadWords {
  you: string;
  formerTeamMember: string;
  byEmail: string;
  attachments: string;
  seen: string;
  openFullSize: (name: string) => string;
}

function MessageItem({
  message,
  own,
  author,
  words,
  seen,
  locale,
  time,
}: {
  message: MessageView;
  own: boolean;
  author: string;
  words: ThreadWords;
  seen: boolean;
  locale: string;
  time: Intl.DateTimeFormat | null;
}) {
  const files = message.attachments;
  return (
    <li className={own ? "flex flex-col items-end gap-1" : "flex flex-col items-start gap-1"} data-testid="message">
      <p className="text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{author}</span> ·{" "}
        <time dateTime={message.createdAt}>{time?.format(new Date(message.createdAt))}</time>
        {message.byEmail ? ` · ${words.byEmail}` : null}
      </p>
      <div
        className={`max-w-[min(36rem,90%)] rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap ${own ? "bg-blue-700 text-white" : "bg-slate-100 text-slate-900"}`}
      >
        {message.body}
        {files.length > 0 ? (
          <ul
            className={cn("flex flex-wrap gap-2 whitespace-normal", message.body && "mt-2")}
            aria-label={words.attachments}
          >
            {files.map((file) => (
              <li key={file.url}>
                {file.isImage && file.thumbnailUrl ? (
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block rounded-lg focus-visible:ring-2 focus-visible:ring-blue-300 focus-visible:outline-none"
                  >
                    <img
                      src={file.thumbnailUrl}
                      alt={words.openFullSize(file.name)}
                      className="size-28 rounded-lg border border-slate-200 bg-white object-cover"
                    />
                  </a>
                ) : (
                  <a
                    href={file.url}
                    download={file.name}
                    className={cn(
                      "flex items-center gap-2 rounded-lg border px-3 py-2 underline-offset-2 hover:underline",
                      own ? "border-blue-300" : "border-slate-300 bg-white",
                    )}
                  >
                    <FileText aria-hidden="true" className="size-4 shrink-0" />
                    <span>
                      {file.name} <span className="opacity-80">({formatFileSize(file.size, locale)})</span>
                    </span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {seen ? <p className="text-xs text-slate-600">{words.seen}</p> : null}
    </li>
  );
}

/** Posts the read mark while the page is visible and the viewer's side has unread messages; once per count. */
function useMarkRead(unread: number, action: string) {
  const fetcher = useFetcher();
  const mark = useEffectEvent(() => {
    if (unread === 0 || fetcher.state !== "idle" || document.visibilityState !== "visible") return;
    void fetcher.submit({ intent: MARK_MESSAGES_READ_INTENT }, { method: "post", action });
  });
  useEffect(() => {
    mark();
    const onVisible = () => mark();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [unread]);
}

/** On a touch screen Enter writes a new line (the button sends); with a keyboard Enter sends. */
const TOUCH_SCREEN = "(pointer: coarse)";

function Composer({ action }: { action: string }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const [body, setBody] = useState("");
  const attachments = usePickedFiles("message-attachment");
  const [problem, setProblem] = useState<string | null>(null);
  const touch = useMediaQuery(TOUCH_SCREEN);
  const id = useId();
  const sending = fetcher.state !== "idle";
  useActionToast(fetcher.data, {
    onSuccess: () => {
      setBody("");
      attachments.clear();
      setProblem(null);
    },
    onFailure: () => {
      const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
      // A refused file is named and dropped (what was typed stays); any other refusal is said as it is.
      setProblem(failure && attachments.refusedByServer(failure) ? null : (failure?.error ?? null));
    },
  });
  const shown = problem ?? attachments.problem;

  const send = () => {
    if (sending) return;
    if (!body.trim() && attachments.files.length === 0) {
      setProblem(t`Write a message or attach a file`);
      return;
    }
    setProblem(null);
    const form = new FormData();
    form.set("intent", SEND_MESSAGE_INTENT);
    form.set("body", body);
    for (const file of attachments.files) form.append("files", file);
    void fetcher.submit(form, {
      method: "post",
      action,
      encType: "multipart/form-data",
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes a word) writes a new line.
    if (!touch && event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className="space-y-2 border-t border-slate-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-800">
        <Trans>Message</Trans>
      </label>
      <Textarea
        id={`${id}-body`}
        name="body"
        value={body}
        maxLength={MESSAGE_MAX}
        rows={3}
        onChange={(event) => setBody(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint${shown ? ` ${id}-problem` : ""}`}
        aria-invalid={shown ? true : undefined}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {touch
          ? t`Up to 5 files: JPEG, PNG or WebP images or PDF, 10 MB each.`
          : t`Enter sends; Shift+Enter starts a new line. Up to 5 files: JPEG, PNG or WebP images or PDF, 10 MB each.`}
      </p>
      <PickedFileList label={t`Files to send`} files={attachments.files} onRemove={attachments.remove} />
      {shown ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PickButton label={t`Attach files`} icon={Paperclip}>
          <input
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            disabled={attachments.files.length >= MAX_FILES}
            onChange={(event) => {
              const picked = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = "";
              setProblem(null);
              if (picked.length > 0) void attachments.pick(picked);
            }}
          />
        </PickButton>
        <Button type="submit" disabled={sending}>
          <Send aria-hidden="true" />
          {sending ? t`Sending...` : t`Send`}
        </Button>
      </div>
    </form>
  );
}
