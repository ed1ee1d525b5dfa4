import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultSettings, type ReminderSettings as ReminderValues } from "~/domain/admin-settings";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { ReminderSettings } from "./reminder-settings";

const DEFAULTS = defaultSettings({
  companyName: "Agency",
  supportEmail: "help@agency.test",
  sessionDurationMinutes: 30,
  maxLoginAttempts: 5,
}).reminders;

function render(values: ReminderValues): string {
  const router = createMemoryRouter([{ path: "/", element: <ReminderSettings values={values} /> }]);
  return renderToString(inLanguage(<RouterProvider router={router} />)).replaceAll("<!-- -->", "");
}

describe("ReminderSettings", () => {
  it("has a labelled switch per kind of reminder and its days as they are typed, and saves the reminders section", () => {
    const html = render({ ...DEFAULTS, secondPaymentOn: false, unpaidSignupDays: [1, 3, 30] });
    for (const label of [
      "Signed up, nothing paid",
      "Paid, information form not sent",
      "Approval waiting",
      "Website&#x27;s second payment due",
      "Rejected payment not sent again",
      "Unread messages from the team",
    ])
      expect(html).toContain(`>${label}</label>`);
    const input = (name: string) => html.match(new RegExp(`<input id="reminder-settings-${name}"[^>]*>`))?.[0] ?? "";
    expect(input("unpaidSignupOn")).toMatch(/type="checkbox" role="switch".* checked=""/);
    expect(input("secondPaymentOn")).not.toContain(` checked=""`);
    expect(input("unpaidSignupDays")).toContain('name="unpaidSignupDays" value="1, 3, 30"');
    expect(input("informationFormDays")).toContain('value="2, 5, 10"');
    expect(input("informationFormDays")).toContain('aria-describedby="reminder-settings-informationFormDays-hint"');
    expect(html).toMatch(
      /<label for="reminder-settings-informationFormDays"[^>]*>Days after it starts waiting<\/label>/,
    );
    expect(html).toContain("Whole days from 1 to 90, separated by commas; at most 5.");
    expect(html).toContain('name="intent" value="save-settings"');
    expect(html).toContain('name="section" value="reminders"');
  });
});
