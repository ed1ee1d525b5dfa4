import path from "node:path";
import { normalizePath, type Plugin } from "vite";

/** The pre-rendered landing page's own script: the page loads it instead of React (app/root.tsx). */
const ENTRY = "app/features/marketing/enhance/landing-page.ts";
const MODULE_ID = "virtual:landing-page-script";
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Builds the landing page's script as one more entry of the client build, so it is a content-hashed file under
 * build/client/assets like the app's own (served with the year-long cache), and tells the server its URL:
 * `import src from "virtual:landing-page-script"` (app/features/marketing/landing-page-script.server.ts).
 * React Router builds the client first and the servers after it, in one process with shared plugins, so the
 * file's name is known when the server build asks. While developing, Vite serves the source file itself.
 */
export function landingPageScript(): Plugin {
  const entry = normalizePath(path.resolve(ENTRY));
  let builtFile: string | undefined;
  return {
    name: "landing-page-script",
    configEnvironment(name) {
      // Added to React Router's entries (Vite concatenates the two lists).
      if (name === "client") return { build: { rollupOptions: { input: [ENTRY] } } };
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      if (this.environment.mode === "dev") return `export default ${JSON.stringify(`/${ENTRY}`)};`;
      if (!builtFile) this.error(`${ENTRY} is not in the client build, which must run before the server build`);
      return `export default ${JSON.stringify(`/${builtFile}`)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunk = Object.values(bundle).find(
        (file) => file.type === "chunk" && file.isEntry && file.facadeModuleId === entry,
      );
      if (chunk) builtFile = chunk.fileName;
    },
  };
}
