import { data } from "react-router";
import { HttpError } from "./errors";
import type { ActionFailure } from "./forms";
import { INVALID_REQUEST } from "./forms.server";

/** Reads a multipart form once (fields and files), so an action can parse the fields and pass the files on. */
export async function readInformationForm(
  request: Request,
): Promise<{ ok: true; value: FormData } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await request.formData() };
  } catch {
    return { ok: false, error: INVALID_REQUEST };
  }
}

/**
 * An unexpected failure of a save (not a refusal): logged, and answered 500 with the form's own message
 * (spec: 'Failed to save your information. Please try again.' / 'Failed to submit information').
 * Refusals (HttpError) are left to `errorResponse`, which answers their own message.
 */
export function saveFailure(error: unknown, message: string) {
  if (error instanceof HttpError) return null;
  console.error("Saving information failed:", error);
  return data<ActionFailure>({ ok: false, error: message }, { status: 500 });
}
