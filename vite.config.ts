import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// React Router's package resolves to its development build in every mode (remix-run/react-router#14102): dev
// warnings built and checked on every render, in the browser and on the server. Production builds take its
// production files, bundled in both builds; the shop's server takes React Router's runtime from the build it
// loads, so one copy serves a request (decision 101).
const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve:
    mode === "production"
      ? {
          alias: [
            { find: /^react-router$/, replacement: production("index.mjs") },
            { find: /^react-router\/dom$/, replacement: production("dom-export.mjs") },
          ],
        }
      : {},
  // The database driver never enters a bundle: page code only reaches it through the load context. Production
  // server builds bundle the icons and dialog primitives they use, not lucide-react's and radix-ui's whole
  // packages (decision 103).
  ssr: {
    external: ["@electric-sql/pglite", "pg"],
    ...(mode === "production" ? { noExternal: ["react-router", "@react-router/node", "lucide-react", "radix-ui", /^@radix-ui\//] } : {}),
  },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  build: { sourcemap: false },
}));
