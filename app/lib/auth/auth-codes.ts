/**
 * The codes the auth hooks (auth.server.ts) answer with, in Better Auth's own answer shape beside its codes; the
 * forms word each from its code (app/features/auth/auth-refusals.ts).
 */
export const ACCOUNT_LOCKED = "ACCOUNT_LOCKED";
/** A deactivated team member's sign-in (told only once the password was right). */
export const ACCOUNT_DEACTIVATED = "ACCOUNT_DEACTIVATED";
