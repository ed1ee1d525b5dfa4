/**
 * Whether a request's error only says that the browser went away while it was answered (a tab closed, a page left
 * mid-download): nobody is left to answer and nothing is broken, so it is no server error to log with its stack or to
 * tell the admins about. The request log already records the request as aborted.
 */
export function isClientGone(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === "ECONNABORTED" || code === "ECONNRESET" || code === "EPIPE" || code === "ERR_STREAM_PREMATURE_CLOSE";
}
