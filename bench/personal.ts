// Load benchmark of one page for every visitor (decision 063) and compressed delivery
// (decision 064): the list page logged in (served from the render cache like anonymous visitors,
// identity and brotli) next to the raw node:http ceiling for the same bytes, the session call a page makes
// after hydration, and the account page (personal: rendered per customer, never cached).
// Usage: npm run build && node --import tsx bench/personal.ts [--duration 10 --connections 50 --pg postgres://…]
//   [--only session,account]: some rows only (list, raw, list-br, session, account, account-br)
// DESIGN §8: run the shop on one core and the load on the other (`taskset -c 1 node --import tsx bench/personal.ts`
// puts the bench and its autocannon on core 1; the shop process, all its threads, is pinned by SHOP_CPU, default
// core 0: without `-a` its GC and compiler threads stayed on the load's core, decision 098).
import { execFileSync } from "node:child_process";
import { categoryUrl } from "../core/slug.ts";
import { loginCookie, measure, peakRssMb, printTable, rawCeiling, resetPeakRss, signedQuery, startShop, type Row } from "./lib.ts";

const shop = await startShop();
try {
  execFileSync("taskset", ["-a", "-pc", process.env.SHOP_CPU ?? "0", String(shop.pid)], { stdio: "ignore" });
} catch {
  /* taskset missing: unpinned */
}
resetPeakRss(shop.pid);
const rows: Row[] = [];
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1].split(",") : null;
const row = async (name: string, run: () => Promise<Row>) => {
  if (!only || only.includes(name)) rows.push(await run());
};
let rssMb = 0;
try {
  const config = await (await fetch(`${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`)).json();
  const listPath = encodeURI(categoryUrl("fr", config.data.product_cate[0].child[0]));
  const cookie = await loginCookie(shop.url);
  const loggedIn = { headers: { cookie } };
  const br = { headers: { cookie, "accept-encoding": "br" } };
  const identityBytes = Buffer.from(
    await (await fetch(`${shop.url}${listPath}`, { headers: { cookie, "accept-encoding": "identity" } })).arrayBuffer(),
  );
  const account = await fetch(`${shop.url}/mon-compte`, loggedIn);
  const accountBytes = Buffer.from(await account.arrayBuffer());
  console.log(`list ${listPath}: ${identityBytes.length} B; account page ${accountBytes.length} B (status ${account.status})`);

  await row("list", () => measure(`SSR list ${listPath}, logged in`, `${shop.url}${listPath}`, loggedIn));
  await row("raw", () => rawCeiling(identityBytes));
  await row("list-br", () => measure("SSR list, logged in, Accept-Encoding: br", `${shop.url}${listPath}`, br));
  await row("session", () =>
    measure(
      "API GET /site/Index/config?part=session, logged in",
      `${shop.url}/site/Index/config?part=session&${signedQuery("/site/Index/config")}`,
      loggedIn,
    ),
  );
  await row("account", () => measure("SSR /mon-compte, logged in (personal, uncached)", `${shop.url}/mon-compte`, loggedIn));
  await row("account-br", () => measure("SSR /mon-compte, logged in, Accept-Encoding: br", `${shop.url}/mon-compte`, br));
  rssMb = peakRssMb(shop.pid);
} finally {
  await shop.stop();
}
printTable(rows, rssMb);
