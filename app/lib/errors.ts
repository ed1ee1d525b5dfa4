/** An error with the HTTP status a route should answer with and a message safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notSignedIn = (message = "You must be logged in") => new HttpError(401, message);
export const forbidden = (message = "You don't have permission to do that") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

/** A problem found at start-up (bad settings, a locked data folder): told plainly, without a stack. */
export class StartupError extends Error {
  readonly startupProblem = true;
}
