import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n/instances.server";
import {
  blockerList,
  deletionBlockers,
  identifiersOf,
  isDeletionWord,
  redact,
  REMOVED,
  scrubAuditDetail,
} from "./account-deletion";
import { declineDeletionSchema, deleteAccountSchema, deleteCustomerSchema } from "./account-deletion.schemas";

describe("the confirmation word", () => {
  it("is DELETE, or ELIMINAR as the Spanish dialog asks, whatever its case and the spaces around it", () => {
    for (const typed of ["DELETE", "delete", " Delete ", "DELETE\n", "ELIMINAR", " eliminar "])
      expect(isDeletionWord(typed), typed).toBe(true);
  });

  it("is nothing else: another word, a part of one, nothing", () => {
    for (const typed of ["", "DELET", "DELETED", "ELIMINA", "BORRAR", "D E L E T E", "DELETE DELETE", null, undefined])
      expect(isDeletionWord(typed), String(typed)).toBe(false);
  });
});

describe("what holds a customer's own deletion back", () => {
  it("nothing pending: the account can go at once", () => {
    expect(deletionBlockers({ pendingPayments: 0, unfinishedPaidServices: 0 })).toEqual([]);
  });

  it("a payment waiting for review, a paid job in progress, or both (in that order)", () => {
    expect(deletionBlockers({ pendingPayments: 1, unfinishedPaidServices: 0 })).toEqual(["payment_pending"]);
    expect(deletionBlockers({ pendingPayments: 0, unfinishedPaidServices: 2 })).toEqual(["job_in_progress"]);
    expect(deletionBlockers({ pendingPayments: 3, unfinishedPaidServices: 1 })).toEqual([
      "payment_pending",
      "job_in_progress",
    ]);
  });

  it("reads as a sentence in each language; an unknown blocker (a newer version's) is left out", () => {
    expect(blockerList(i18nFor("en"), ["payment_pending", "job_in_progress", "something_else"])).toBe(
      "A payment is waiting for review; A paid job is in progress",
    );
    expect(blockerList(i18nFor("es"), ["payment_pending"])).toBe("Hay un pago pendiente de revisión");
  });
});

describe("taking a customer's identifiers out of texts that stay", () => {
  const identifiers = identifiersOf(["Ana Díaz", "ana@example.com", "(555) 123-4567", "  ", null, "Al"]);

  it("keeps what is long enough to look for, longest first", () => {
    expect(identifiers).toEqual(["ana@example.com", "(555) 123-4567", "Ana Díaz"]);
  });

  it("replaces each, whatever its case", () => {
    expect(redact("Refund for ANA DÍAZ (ana@example.com), call (555) 123-4567", identifiers)).toBe(
      `Refund for ${REMOVED} (${REMOVED}), call ${REMOVED}`,
    );
    expect(redact("Duplicate payment", identifiers)).toBe("Duplicate payment");
  });

  it("drops an erased customer's own events' personal keys and keeps what was done", () => {
    const detail = {
      noteId: "n-1",
      title: "Call Ana Díaz",
      photos: 2,
      ip: "10.0.0.1",
      email: "ana@example.com",
      preview: "Hello",
      service: "website",
    };
    expect(scrubAuditDetail(detail, identifiers, { about: true })).toEqual({
      noteId: "n-1",
      photos: 2,
      service: "website",
    });
  });

  it("keeps another event's keys, without the customer's identifiers (nested ones too)", () => {
    const detail = {
      invitationId: "i-1",
      email: "ana@example.com",
      role: "staff",
      added: [{ id: "m-1", name: "Ana Díaz" }],
    };
    expect(scrubAuditDetail(detail, identifiers, { about: false })).toEqual({
      invitationId: "i-1",
      email: REMOVED,
      role: "staff",
      added: [{ id: "m-1", name: REMOVED }],
    });
  });

  it("keeps the team members an assignment named on the customer's own event (only its own keys are its words)", () => {
    const detail = { added: [{ id: "m-1", name: "Sam Staff" }], removed: [] };
    expect(scrubAuditDetail(detail, identifiers, { about: true })).toEqual(detail);
  });
});

describe("the dialogs' forms", () => {
  it("'Delete my account' needs the password and the word", () => {
    expect(
      deleteAccountSchema.safeParse({ intent: "delete-account", password: "secret-1", confirmation: "delete" }).success,
    ).toBe(true);
    const missing = deleteAccountSchema.safeParse({ intent: "delete-account", password: "", confirmation: "REMOVE" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["password", "Please enter your password"],
      ["confirmation", "Type DELETE to confirm"],
    ]);
  });

  it("'Delete customer' needs a reason and the word; a decline needs a reason", () => {
    expect(
      deleteCustomerSchema.safeParse({ intent: "delete-customer", reason: " Asked by phone ", confirmation: "DELETE" })
        .data?.reason,
    ).toBe("Asked by phone");
    expect(
      deleteCustomerSchema.safeParse({ intent: "delete-customer", reason: "   ", confirmation: "DELETE" }).error
        ?.issues[0]?.message,
    ).toBe("Please write the reason for the deletion");
    expect(
      deleteCustomerSchema.safeParse({ intent: "delete-customer", reason: "x".repeat(501), confirmation: "DELETE" })
        .success,
    ).toBe(false);
    const id = "33333333-3333-4333-8333-333333333333";
    expect(
      declineDeletionSchema.safeParse({ intent: "decline-deletion", requestId: id, reason: "" }).error?.issues[0]
        ?.message,
    ).toBe("Please write the reason: the customer reads it");
    expect(
      declineDeletionSchema.safeParse({
        intent: "decline-deletion",
        requestId: id,
        reason: "The site launches next week",
      }).success,
    ).toBe(true);
  });
});
