import { Trans, useLingui } from "@lingui/react/macro";
import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/http/forms";
import { useActionToast } from "~/components/forms/use-action-toast";
import { formatDate } from "~/lib/i18n/format";
import { cn } from "~/lib/utils";
import type { NotificationList } from "../notification-views";

const ACTION = "/resources/notifications";

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/** A row's time through Intl: 'Jan 5, 3:04 PM' in English, '5 ene, 3:04 p. m.' in Spanish. */
function shortDateTime(iso: string | Date, locale: string): string {
  return formatDate(iso, locale, SHORT_DATE_TIME);
}

const rowClass = (isRead: boolean) =>
  cn(
    "block w-full px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none",
    !isRead && "bg-blue-50",
  );

function RowContent({
  item,
  locale,
}: {
  item: { isRead: boolean; title: string; message: string; createdAt: string };
  locale: string;
}) {
  return (
    <span className="flex items-start gap-2">
      {!item.isRead ? <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-blue-600" /> : null}
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{item.title}</span>
        <span className="block text-sm break-words text-slate-700">{item.message}</span>
        {/* slate-600: slate-500 fell under 4.5:1 on an unread row's blue. */}
        <span className="mt-1 block text-xs text-slate-600">{shortDateTime(item.createdAt, locale)}</span>
      </span>
    </span>
  );
}

export function NotificationBell({ notifications }: { notifications: NotificationList }) {
  const fetcher = useFetcher<ActionResult>();
  // A refusal shows as an 'Error' toast; the list reloads by itself after each submission.
  useActionToast(fetcher.data);
  const { items, unreadCount } = notifications;
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const { t, i18n } = useLingui();
  const unreadLabel = (title: string) => t`${title} (unread)`;
  const label = unreadCount > 0 ? t`Notifications, ${unreadCount} unread` : t`Notifications`;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label}>
          <Bell className="size-5" />
          {unreadCount > 0 ? (
            <span
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
            >
              {unreadCount > 99 ? "99+" : unreadCount}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-labelledby={headingId}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={headingId} className="text-sm font-semibold">
              {t`Notifications`}
            </h2>
            {unreadCount > 0 ? (
              <fetcher.Form method="post" action={ACTION}>
                <input type="hidden" name="intent" value="mark-all-read" />
                <Button type="submit" variant="link" size="sm" className="h-auto p-0">
                  <Trans>Mark all as read</Trans>
                </Button>
              </fetcher.Form>
            ) : null}
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">{t`No notifications yet`}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto" aria-label={t`Notifications list`}>
              {items.map((item) => {
                const name = item.isRead ? item.title : unreadLabel(item.title);
                return (
                  <li key={item.id}>
                    {item.href ? (
                      // The page it is about: following the link (click or Enter) marks it read and closes the list.
                      <Link
                        to={item.href}
                        className={rowClass(item.isRead)}
                        aria-label={name}
                        onClick={() => {
                          if (!item.isRead)
                            void fetcher.submit(
                              { intent: "mark-read", id: item.id },
                              { method: "post", action: ACTION },
                            );
                          setOpen(false);
                        }}
                      >
                        <RowContent item={item} locale={i18n.locale} />
                      </Link>
                    ) : (
                      <fetcher.Form method="post" action={ACTION}>
                        <input type="hidden" name="intent" value="mark-read" />
                        <input type="hidden" name="id" value={item.id} />
                        <button
                          type={item.isRead ? "button" : "submit"}
                          className={rowClass(item.isRead)}
                          aria-label={name}
                        >
                          <RowContent item={item} locale={i18n.locale} />
                        </button>
                      </fetcher.Form>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
