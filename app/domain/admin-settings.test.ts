import { describe, expect, it } from "vitest";
import {
  defaultSettings,
  generalSettingsSchema,
  notifiesAdmins,
  reminderSchedule,
  reminderSettingsSchema,
  RETENTION_DEFAULTS,
  retentionSettingsSchema,
  securitySettingsSchema,
  settingsFromStored,
  zelleRecipientName,
} from "./admin-settings";
import { REMINDER_DEFAULT_DAYS, REMINDER_KINDS, REMINDER_SETTING_KEYS } from "./reminder-schedules";

const seed = {
  companyName: "Agency",
  supportEmail: "help@agency.test",
  sessionDurationMinutes: 30,
  maxLoginAttempts: 5,
};

describe("admin settings", () => {
  it("defaults to the product's values, with the environment's numbers clamped to the bounds", () => {
    expect(defaultSettings(seed).notifications).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      newUserRegistration: true,
      newSubmission: true,
      profileUpdates: true,
      systemErrors: false,
      newMessage: true,
      newLead: true,
    });
    expect(defaultSettings({ ...seed, sessionDurationMinutes: 2, maxLoginAttempts: 50 }).security).toMatchObject({
      sessionDurationMinutes: 5,
      maxLoginAttempts: 20,
    });
  });

  it("reads stored values over the defaults, value by value; a bad value keeps its default", () => {
    const stored = {
      general: { maintenanceMode: true, supportEmail: "not an email" },
      security: { maxLoginAttempts: 3, sessionDurationMinutes: 99999 },
      other: 1,
    };
    const settings = settingsFromStored(stored, defaultSettings(seed));
    expect(settings.general).toEqual({
      maintenanceMode: true,
      autoApproveSubmissions: false,
      companyName: "Agency",
      supportEmail: "help@agency.test",
      zelleRecipientName: "",
      messagesReplyTime: "",
      reviewLink: "",
      bookingLink: "",
      assignNewCustomersTo: "",
      companyAddress: "",
      taxId: "",
    });
    expect(settings.security).toMatchObject({ maxLoginAttempts: 3, sessionDurationMinutes: 30 });
    expect(settingsFromStored(null, defaultSettings(seed))).toEqual(defaultSettings(seed));
  });

  it("names the Zelle recipient by the setting, else by the company name", () => {
    const general = defaultSettings(seed).general;
    expect(zelleRecipientName(general)).toBe("Agency");
    expect(zelleRecipientName({ ...general, zelleRecipientName: "  Maria Lopez  " })).toBe("Maria Lopez");
    expect(
      generalSettingsSchema.safeParse({
        companyName: "A",
        supportEmail: "a@b.test",
        zelleRecipientName: "x".repeat(101),
      }).success,
    ).toBe(false);
  });

  it("bounds the numbers: session duration 5 to 1440 minutes, login attempts 3 to 20, whole numbers", () => {
    const parse = (minutes: string, attempts: string) =>
      securitySettingsSchema.safeParse({ sessionDurationMinutes: minutes, maxLoginAttempts: attempts }).success;
    expect(parse("5", "3")).toBe(true);
    expect(parse("1440", "20")).toBe(true);
    expect(parse("4", "3")).toBe(false);
    expect(parse("1441", "3")).toBe(false);
    expect(parse("30", "2")).toBe(false);
    expect(parse("30", "21")).toBe(false);
    expect(parse("30.5", "5")).toBe(false);
  });

  it("reads switches as a form sends them: 'on' checked, absent off", () => {
    const parsed = generalSettingsSchema.parse({ maintenanceMode: "on", companyName: "A", supportEmail: "a@b.test" });
    expect(parsed).toMatchObject({ maintenanceMode: true, autoApproveSubmissions: false });
  });

  it("takes an empty Booking Link or a whole https address, and refuses anything else", () => {
    const general = { companyName: "A", supportEmail: "a@b.test" };
    const booking = (bookingLink: string) => generalSettingsSchema.safeParse({ ...general, bookingLink });
    expect(booking("").data?.bookingLink).toBe("");
    expect(booking(" https://calendly.com/agency/call ").data?.bookingLink).toBe("https://calendly.com/agency/call");
    for (const wrong of ["http://calendly.com/agency", "calendly.com/agency", "javascript:alert(1)"])
      expect(booking(wrong).error?.issues[0]?.message).toBe(
        "The booking link must be a whole address starting with https://",
      );
  });

  it("notifies admins of an event only with Push Notifications and the event's switch on", () => {
    const on = defaultSettings(seed).notifications;
    expect(notifiesAdmins(on, "newUserRegistration")).toBe(true);
    expect(notifiesAdmins(on, "systemErrors")).toBe(false);
    expect(notifiesAdmins({ ...on, pushNotifications: false }, "newUserRegistration")).toBe(false);
  });
});

describe("retention settings", () => {
  const parse = (values: Record<string, unknown>) =>
    retentionSettingsSchema.safeParse({ ...RETENTION_DEFAULTS, ...values });

  it("keeps read notifications 180 days, audit events two years, sent e-mails 90 days and lost leads a year unless told otherwise", () => {
    expect(defaultSettings(seed).retention).toEqual({
      readNotificationsDays: 180,
      auditEventsDays: 730,
      sentEmailsDays: 90,
      lostLeadsDays: 365,
    });
    expect(settingsFromStored({ retention: { sentEmailsDays: 30 } }, defaultSettings(seed)).retention).toEqual({
      readNotificationsDays: 180,
      auditEventsDays: 730,
      sentEmailsDays: 30,
      lostLeadsDays: 365,
    });
    // A stored value out of bounds (an older version's, a hand edit) keeps its default; the last run beside the sections is no setting.
    expect(
      settingsFromStored({ retention: { auditEventsDays: 5 }, retentionLastRun: {} }, defaultSettings(seed)).retention
        .auditEventsDays,
    ).toBe(730);
  });

  it("takes whole days within the bounds (audit events at least 90, lost leads at least 30), as the form sends them", () => {
    expect(
      parse({ readNotificationsDays: "7", auditEventsDays: "90", sentEmailsDays: "7", lostLeadsDays: "30" }).success,
    ).toBe(true);
    expect(
      parse({ readNotificationsDays: "3650", auditEventsDays: "3650", sentEmailsDays: "3650", lostLeadsDays: "3650" })
        .data,
    ).toEqual({
      readNotificationsDays: 3650,
      auditEventsDays: 3650,
      sentEmailsDays: 3650,
      lostLeadsDays: 3650,
    });
    for (const values of [
      { readNotificationsDays: "6" },
      { readNotificationsDays: "3651" },
      { auditEventsDays: "89" },
      { sentEmailsDays: "6" },
      { sentEmailsDays: "30.5" },
      { sentEmailsDays: "" },
      { auditEventsDays: "forever" },
      { lostLeadsDays: "29" },
      { lostLeadsDays: "3651" },
    ]) {
      expect(parse(values).success, JSON.stringify(values)).toBe(false);
    }
  });

  it("says which value is wrong and what it takes", () => {
    const message = (values: Record<string, unknown>) => parse(values).error?.issues[0]?.message;
    expect(message({ readNotificationsDays: "1" })).toBe(
      "Keep read notifications for a whole number of days from 7 to 3650",
    );
    expect(message({ auditEventsDays: "30" })).toBe("Keep audit events for a whole number of days from 90 to 3650");
    expect(message({ sentEmailsDays: "abc" })).toBe("Keep sent e-mails for a whole number of days from 7 to 3650");
  });
});

describe("reminder settings", () => {
  /** Every kind on with the given days, as the Reminders tab posts them (a switch "on", the days as typed). */
  const form = (days: unknown, kind = "unpaidSignupDays") =>
    reminderSettingsSchema.safeParse({
      ...Object.fromEntries(
        REMINDER_KINDS.flatMap((each) => [
          [REMINDER_SETTING_KEYS[each].on, "on"],
          [REMINDER_SETTING_KEYS[each].days, "3"],
        ]),
      ),
      [kind]: days,
    });

  it("starts with every kind on and its standard days", () => {
    const settings = defaultSettings(seed).reminders;
    for (const kind of REMINDER_KINDS)
      expect(reminderSchedule(settings, kind)).toEqual({ on: true, days: [...REMINDER_DEFAULT_DAYS[kind]] });
  });

  it("reads the days as typed: separated by commas or spaces, in order, each day once", () => {
    expect(form("2, 7").data?.unpaidSignupDays).toEqual([2, 7]);
    expect(form("7,2,2").data?.unpaidSignupDays).toEqual([2, 7]);
    expect(form(" 10  3,").data?.unpaidSignupDays).toEqual([3, 10]);
    expect(form("1, 2, 3, 4, 5, 5").data?.unpaidSignupDays).toEqual([1, 2, 3, 4, 5]);
    expect(form("90").data?.unpaidSignupDays).toEqual([90]);
    // A switch the form does not send (unticked) is off.
    const { unpaidSignupOn: _unticked, ...posted } = form("2").data!;
    expect(reminderSettingsSchema.parse(posted)).toMatchObject({ unpaidSignupOn: false, informationFormOn: true });
  });

  it("refuses a day out of 1 to 90, anything but whole days, no day at all and more than five", () => {
    for (const days of ["0", "91", "a", "", " , ", "2.5", "-3", "2, x", "1, 2, 3, 4, 5, 6", []]) {
      const parsed = form(days, "secondPaymentDays");
      expect(parsed.success, JSON.stringify(days)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "Reminder days are whole numbers from 1 to 90, separated by commas (at most 5)",
      );
    }
  });

  it("reads stored lists back, and a stored value that is no longer valid keeps its default", () => {
    const stored = {
      reminders: {
        unpaidSignupOn: false,
        unpaidSignupDays: [3, 1],
        informationFormDays: [0, 4],
        approvalRoundDays: "nonsense",
        secondPaymentDays: [1, 2, 3, 4, 5, 6],
        rejectedPaymentOn: "yes",
        unreadMessagesDays: [4],
      },
    };
    const settings = settingsFromStored(stored, defaultSettings(seed)).reminders;
    expect(reminderSchedule(settings, "unpaid_signup")).toEqual({ on: false, days: [1, 3] });
    expect(reminderSchedule(settings, "information_form")).toEqual({ on: true, days: [2, 5, 10] });
    expect(reminderSchedule(settings, "approval_round")).toEqual({ on: true, days: [2, 5] });
    expect(reminderSchedule(settings, "second_payment")).toEqual({ on: true, days: [3, 7, 14] });
    // A stored switch is read as the form's is: anything but true or "on" is off.
    expect(reminderSchedule(settings, "rejected_payment")).toEqual({ on: false, days: [3] });
    expect(reminderSchedule(settings, "unread_messages")).toEqual({ on: true, days: [4] });
    expect(settingsFromStored({ reminders: "broken" }, defaultSettings(seed)).reminders).toEqual(
      defaultSettings(seed).reminders,
    );
  });
});
