// Several app processes on one machine (WEB_CONCURRENCY, PostgreSQL only): Node's cluster module shares the listening
// port between workers. The primary does the start-up work once (migrations, secrets, the admin account) before it
// forks, restarts a worker that dies, and on SIGTERM/SIGINT passes the signal on and waits for the workers.
import cluster from "node:cluster";
import process from "node:process";

/** How many processes to run: WEB_CONCURRENCY when a PostgreSQL DATABASE_URL is set; the embedded database allows one. */
export function workerCount(env = process.env) {
  const wanted = Number(env.WEB_CONCURRENCY ?? 1);
  if (!Number.isInteger(wanted) || wanted <= 1) return 1;
  if (!env.DATABASE_URL) {
    console.warn("WEB_CONCURRENCY is ignored without DATABASE_URL: the embedded database allows one process");
    return 1;
  }
  return wanted;
}

/** Whether this process is a worker forked by runPrimary (its start-up work is done). */
export const isClusterWorker = cluster.isWorker;

/** The primary: prepare once, fork `count` workers, keep them running until a signal stops them all. */
export async function runPrimary(count, prepare) {
  await prepare();
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      worker.hasListened = true;
      if (++listening === count) console.log(`${count} worker processes serving`);
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      // A worker that never got to listen failed to start (bad settings, unreachable database): stop, do not loop.
      if (!worker.hasListened) {
        console.error(`A worker failed to start (exit ${code ?? signal}); stopping`);
        stop("worker failure", 1);
        return;
      }
      console.error(`Worker ${worker.process.pid} exited (${code ?? signal}); starting another`);
      fork();
    });
  };
  const stop = (reason, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
    if (workers.length === 0) process.exit(exitCode);
    let left = workers.length;
    for (const worker of workers) {
      worker.once("exit", () => {
        if (--left === 0) process.exit(exitCode);
      });
      worker.process.kill("SIGTERM");
    }
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) fork();
}
