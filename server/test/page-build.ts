// The page build the page tests serve (React Router's server build and its client files), made fresh from the
// source before the tests run (tests/fresh-build.ts): a test never passes or fails on a stale build.
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const SERVER_BUILD = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
export const CLIENT_DIR = fileURLToPath(new URL("../../build/client", import.meta.url));

let loaded: Promise<ServerBuild> | undefined;

/** The server build, loaded once per worker. */
export const pageBuild = (): Promise<ServerBuild> => (loaded ??= import(pathToFileURL(SERVER_BUILD).href) as Promise<ServerBuild>);
