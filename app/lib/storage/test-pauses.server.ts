/**
 * Fault tests only: a named point in a write path where the process stops and waits forever, so a test can kill it
 * there (tests/ops/sigkill-upload.test.ts). Enabled by start-up only with NODE_ENV=test and E2E_TEST_HOOKS
 * (env.server.ts refuses E2E_PAUSE_AT otherwise); everywhere else `testPause` is a no-op.
 */
export const TEST_PAUSE_POINTS = ["upload:image-stored", "proof:before-commit"] as const;
export type TestPausePoint = (typeof TEST_PAUSE_POINTS)[number];

let pauseAt: TestPausePoint | undefined;

export function enableTestPause(point: TestPausePoint | undefined): void {
  pauseAt = point;
}

export async function testPause(point: TestPausePoint): Promise<void> {
  if (pauseAt !== point) return;
  // The test waits for this line on the process's output, then sends SIGKILL.
  console.log(`test-pause: ${point}`);
  await new Promise(() => {});
}
