/** A problem found at start-up (bad settings, a locked data folder): told plainly, without a stack. */
export class StartupError extends Error {
  readonly startupProblem = true;
}
