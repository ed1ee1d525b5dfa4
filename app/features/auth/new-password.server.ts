import { PASSWORD_TOO_COMMON_CODE, passwordProblem } from "./auth.schemas";
import { ERROR_CODES } from "~/lib/http/app-error";
import { translate } from "~/lib/i18n/translate";

/** A refusal of a new password: Better Auth's error code and the message a person reads. */
export interface NewPasswordProblem {
  code: string;
  message: string;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The 49,000 most common passwords (zxcvbn-ts's list, from breach corpora), loaded once at the first check: the
 * list stays on the server, the browser checks the five rules only.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  );
  return commonPasswords;
}

/**
 * Whether the password is a common one dressed up: compared without case, and without the digits and symbols people
 * add at its ends to pass the rules ('Password123!' is 'password').
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const common = await loadCommonPasswords();
  const lower = password.toLowerCase();
  const candidates = [lower, lower.replace(/[^a-z]+$/, ""), lower.replace(/^[^a-z]+|[^a-z]+$/g, "")];
  return candidates.some((candidate) => candidate.length > 0 && common.has(candidate));
}

/**
 * The one rule set for a new password, wherever it is set (sign-up, reset, change): the five rules first, in their
 * order, then the common-password check.
 */
export async function newPasswordProblem(password: string): Promise<NewPasswordProblem | null> {
  const broken = passwordProblem(password);
  if (broken) return { code: "PASSWORD_RULES", message: broken };
  if (await isCommonPassword(password))
    return { code: PASSWORD_TOO_COMMON_CODE, message: translate(ERROR_CODES.password_too_common.message) };
  return null;
}
