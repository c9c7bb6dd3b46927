// Load benchmark of the shell: home page SSR and GET /site/Index/config, next to a raw node:http ceiling.
// Usage: npm run build && npm run bench [-- --duration 10 --connections 50 --pg postgres://…]
import { loginCookie, measure, peakRssMb, printTable, resetPeakRss, rawCeiling, signedQuery, startShop, type Row } from "./lib.ts";

const shop = await startShop();
resetPeakRss(shop.pid);
const rows: Row[] = [];
let rssMb = 0;
try {
  const home = Buffer.from(await (await fetch(`${shop.url}/`)).arrayBuffer());
  rows.push(await measure("SSR home /", `${shop.url}/`));
  rows.push(await measure("SSR home /zh", `${shop.url}/zh`));
  // A logged-in customer gets the same cached page as everyone (decision 063); the personal part is one API call.
  const loggedIn = { headers: { cookie: await loginCookie(shop.url) } };
  rows.push(await measure("SSR home /, logged in", `${shop.url}/`, loggedIn));
  rows.push(await measure("SSR 404 page, logged in", `${shop.url}/nope`, loggedIn));
  rows.push(await measure("API GET /site/Index/config", `${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`));
  rows.push(
    await measure(
      "API GET /site/Customer/getUserInfo, logged in",
      `${shop.url}/site/Customer/getUserInfo?${signedQuery("/site/Customer/getUserInfo")}`,
      loggedIn,
    ),
  );
  rows.push(await rawCeiling(home));
  rssMb = peakRssMb(shop.pid);
} finally {
  await shop.stop();
}
printTable(rows, rssMb);
