import { data } from "react-router";
import type { ActionFailure } from "./forms";
import { AppError } from "./http/app-error";

/** Reads a multipart form once (fields and files), so an action can parse the fields and pass the files on. */
export async function readInformationForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new AppError("invalid_request");
  }
}

/**
 * An unexpected failure of a save (not a refusal): logged, and answered 500 with the form's own message
 * (spec: 'Failed to save your information. Please try again.' / 'Failed to submit information').
 * Refusals (AppError) are left to `actionFailure`, which answers their own message.
 */
export function saveFailure(error: unknown, message: string) {
  if (error instanceof AppError) return null;
  console.error("Saving information failed:", error);
  return data<ActionFailure>({ ok: false, error: message }, { status: 500 });
}
