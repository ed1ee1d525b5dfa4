import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";
import { LEAD_STAGES } from "./leads";

export const CHANGE_LEAD_STAGE_INTENT = "change-lead-stage";
export const ADD_LEAD_NOTE_INTENT = "add-lead-note";
export const ASSIGN_LEAD_INTENT = "assign-lead";
export const DELETE_LEAD_INTENT = "delete-lead";
/** 'Invite to sign up' (InviteLeadButton; the page's spec: inviteLeadForm). */
export const INVITE_LEAD_INTENT = "invite-lead";

export const LEAD_NOTE_MAX = 2000;
export const LOST_REASON_MAX = 500;

const noteMax = LEAD_NOTE_MAX;
const reasonMax = LOST_REASON_MAX;

/** A stage change; a lead marked Lost says why (the reason is kept on the lead and in its timeline). */
export const changeLeadStageSchema = z
  .object({
    intent: z.literal(CHANGE_LEAD_STAGE_INTENT),
    stage: z.enum(LEAD_STAGES, zodMessage(msg`Choose a stage`)),
    lostReason: z
      .string()
      .trim()
      .max(LOST_REASON_MAX, zodMessage(msg`The reason must be ${reasonMax} characters or fewer`))
      .optional()
      .transform((value) => value || undefined),
  })
  .refine((value) => value.stage !== "lost" || value.lostReason, {
    path: ["lostReason"],
    ...zodMessage(msg`Say why the lead was lost`),
  });

export const addLeadNoteSchema = z.object({
  intent: z.literal(ADD_LEAD_NOTE_INTENT),
  note: z
    .string(zodMessage(msg`Write the note first`))
    .trim()
    .min(1, zodMessage(msg`Write the note first`))
    .max(LEAD_NOTE_MAX, zodMessage(msg`The note must be ${noteMax} characters or fewer`)),
});

/** The member the lead goes to, or empty for nobody. */
export const assignLeadSchema = z.object({
  intent: z.literal(ASSIGN_LEAD_INTENT),
  memberId: z
    .string()
    .optional()
    .transform((value) => value || null),
});

export const deleteLeadSchema = z.object({ intent: z.literal(DELETE_LEAD_INTENT) });
