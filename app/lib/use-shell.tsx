// Typed access to the root loader's data (language, init data, footer data) from any component.
import { useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";

export function useShell(): RootData {
  const d = useRouteLoaderData("root") as RootData | undefined;
  if (!d) throw new Error("root data missing");
  return d;
}
