import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The database driver never enters a bundle: page code only reaches it through the load context.
  ssr: { external: ["@electric-sql/pglite", "pg"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  build: { sourcemap: false },
});
