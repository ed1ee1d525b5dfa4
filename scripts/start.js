// `npm start`: builds when the sources are newer than the last build, then serves the built app.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "server",
  "db",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];
const BUILT = "build/server/index.js";

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (SOURCES.some((source) => newestMtime(source) > builtAt)) {
  console.log("Building the app...");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// After the build (its output is served, not data), before the app: see server/main.js.
process.umask(0o077);
await import("../server/main.js");
