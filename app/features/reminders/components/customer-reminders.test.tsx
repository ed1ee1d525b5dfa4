import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { CustomerRemindersView, SentReminderView } from "../reminder-views";
import { CustomerReminders } from "./customer-reminders";

const ACTION = "/admin/users/c-1/messages";

function render(reminders: CustomerRemindersView): string {
  const router = createMemoryRouter([
    { path: "/", element: <CustomerReminders reminders={reminders} action={ACTION} /> },
  ]);
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />)).replaceAll("<!-- -->", "");
}

const none: CustomerRemindersView = { waiting: [], sent: [], pausedAt: null, optedOut: false };

const round = { kind: "approval_round", service: "website", version: 2, title: "Home page" } as const;

const sent = (overrides: Partial<SentReminderView>): SentReminderView => ({
  id: "r-1",
  kind: "approval_round",
  data: round,
  step: 1,
  sentAt: "2026-03-05T10:00:00.000Z",
  sentBy: null,
  emailed: true,
  openedAt: null,
  ...overrides,
});

/** The submit button whose text is `label`, as rendered. */
function button(html: string, label: string): string {
  const match = html.match(new RegExp(`<button[^>]*>(?:(?!</button>).)*${label}</button>`));
  expect(match, label).not.toBeNull();
  return match![0];
}

describe("the Reminders card", () => {
  it("lists what waits on the customer, each as its reminder words it, with since when; sending is open", () => {
    const html = render({
      ...none,
      waiting: [
        { kind: "approval_round", data: round, since: "2026-03-01T09:00:00.000Z" },
        { kind: "unread_messages", data: { kind: "unread_messages", count: 2 }, since: "2026-03-02T09:00:00.000Z" },
      ],
    });
    expect(html).toContain('aria-labelledby="customer-reminders-heading"');
    expect(html).toMatch(/<ul aria-labelledby="reminders-waiting-heading"/);
    expect(html.match(/data-testid="reminder-waiting"/g)).toHaveLength(2);
    expect(html).toContain("Still waiting for your approval");
    expect(html).toContain("Website: Home page (v2) is waiting for you.");
    expect(html).toContain("You have unread messages");
    expect(html).toContain('Waiting since <time dateTime="2026-03-01T09:00:00.000Z">');
    const send = button(html, "Send a reminder now");
    expect(send).not.toContain('disabled=""');
    expect(html).toContain('name="intent" value="send-reminder"');
    expect(html).toContain(`action="${ACTION}"`);
    expect(html).toContain("by e-mail and in the portal, whatever the schedule");
    expect(html).toContain("No reminder sent yet.");
  });

  it("closes 'Send a reminder now' while nothing waits, and says why (the button is described by it)", () => {
    const html = render(none);
    expect(html).toContain("Nothing is waiting on this customer now.");
    const send = button(html, "Send a reminder now");
    expect(send).toContain('disabled=""');
    const describedBy = send.match(/aria-describedby="([^"]+)"/)![1];
    expect(html).toMatch(
      new RegExp(`id="${describedBy}"[^>]*>There is nothing to remind them of: a reminder can be sent once`),
    );
  });

  it("pauses reminders that run, and resumes paused ones, saying since when", () => {
    const running = render(none);
    expect(button(running, "Pause reminders")).not.toContain('disabled=""');
    expect(running).toContain('name="paused" value="true"');
    expect(running).not.toContain("Resume reminders");

    const paused = render({ ...none, pausedAt: "2026-03-03T08:00:00.000Z" });
    expect(button(paused, "Resume reminders")).not.toContain('disabled=""');
    expect(paused).toContain('name="paused" value="false"');
    expect(paused).toContain('name="intent" value="pause-reminders"');
    expect(paused).toContain('Paused since <time dateTime="2026-03-03T08:00:00.000Z">');
    expect(paused).toContain(">Paused</span>");
  });

  it("says when the customer turned reminders off: a reminder sent by hand reaches their notifications only", () => {
    const html = render({
      ...none,
      optedOut: true,
      waiting: [{ kind: "approval_round", data: round, since: "2026-03-01T09:00:00.000Z" }],
    });
    expect(html).toContain('data-testid="reminders-opted-out"');
    expect(html).toContain("The customer turned reminders off");
    expect(html).toContain("One reminder of everything waiting, now, in their notifications only.");
    expect(render(none)).not.toContain("reminders-opted-out");
  });

  it("lists the reminders sent: when, which, by whom, how, and whether the e-mail's link was opened", () => {
    const html = render({
      ...none,
      sent: [
        sent({ id: "r-3", step: 0, sentBy: "Sam Staff", emailed: false, sentAt: "2026-03-07T10:00:00.000Z" }),
        sent({ id: "r-2", step: 0, sentBy: null, openedAt: "2026-03-06T12:00:00.000Z" }),
        sent({ id: "r-1" }),
      ],
    });
    expect(html).toMatch(/<ul aria-labelledby="reminders-sent-heading"/);
    const rows = html.split('data-testid="reminder-sent"').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('<time dateTime="2026-03-07T10:00:00.000Z"');
    expect(rows[0]).toContain("Still waiting for your approval");
    expect(rows[0]).toContain("Sent by Sam Staff · In the portal only");
    expect(rows[0]).not.toContain("Link");
    expect(rows[1]).toContain("Sent by a former team member · By e-mail and in the portal · Link opened");
    expect(rows[1]).toContain('<time dateTime="2026-03-06T12:00:00.000Z"');
    expect(rows[2]).toContain("Scheduled reminder · By e-mail and in the portal · Link not opened");
  });
});
