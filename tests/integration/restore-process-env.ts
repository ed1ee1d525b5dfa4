// The integration files share their worker's modules (`isolate: false` in vitest.config.ts: a file does not import the
// whole app again). Vitest runs this file before each test file: the settings a file sets or deletes to start the app
// (PORT, DATA_DIR, SMTP_URL...) are put back when it ends, so the next file in the worker starts from the same ones.
import { afterAll } from "vitest";

const atStart = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
  Object.assign(process.env, atStart);
});
