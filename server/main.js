// The process entry: loads the app through Vite in development (hot reload) or from the build.
import process from "node:process";
import { isClusterWorker, runPrimary, workerCount } from "./cluster.js";

// Before anything is loaded or written: every file and folder this process (the cluster primary and each worker, which
// run this file too) creates is its user's alone, the embedded database's own files included (docs/decisions/028).
process.umask(0o077);

const dev = process.argv.includes("--dev");
// React (and React Router) pick their production or development build from NODE_ENV when first loaded: it must
// be set before the import below. Unset, React would run its development build (about half the throughput, and
// development error details); `npm run dev` keeps development, the end-to-end run passes NODE_ENV=test.
process.env.NODE_ENV ||= dev ? "development" : "production";

async function load() {
  if (!dev) return { app: await import("../build/server/index.js") };
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  return { app: await vite.ssrLoadModule("./server/app.ts"), vite };
}

// WEB_CONCURRENCY > 1 on PostgreSQL: this process becomes the cluster primary (server/cluster.js).
const workers = dev ? 1 : workerCount();

try {
  if (workers > 1 && !isClusterWorker) {
    const { app } = await load();
    await runPrimary(workers, () => app.prepare());
  } else await serve();
} catch (error) {
  // Start-up problems (bad settings, a locked data folder, an unreachable database) are told plainly.
  console.error(error?.startupProblem ? `Cannot start: ${error.message}` : error);
  process.exit(1);
}

async function serve() {
  const { app, vite } = await load();
  const running = await app.start({ devMiddleware: vite?.middlewares, prepared: isClusterWorker });
  const shutdown = async (signal) => {
    // A graceful stop (app.ts: RunningApp.stop) that hangs must not keep the process: forced exit after 10 s.
    setTimeout(() => {
      console.error(`${signal}: not stopped within 10 s, exiting`);
      process.exit(1);
    }, 10_000).unref();
    console.log(`${signal}: shutting down`);
    await running.stop();
    await vite?.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
