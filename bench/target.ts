// One load target per shop process, to read its own peak memory (and try Node flags through NODE_OPTIONS).
// Usage: npm run build && node --import tsx bench/target.ts <api-list|api-detail|ssr-list|ssr-list-logged-in|ssr-product-logged-in> [--pg URL]
import { sign } from "../server/http/signature.ts";
import { categoryUrl } from "../core/slug.ts";
import { SECRET, loginCookie, measure, peakRssMb, printTable, resetPeakRss, signedQuery, startShop, type Req } from "./lib.ts";

const target = process.argv[2];
const shop = await startShop();
try {
  const config = await (await fetch(`${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`)).json();
  const top = config.data.product_cate[0].child[0];
  const t = Math.floor(Date.now() / 1000);
  const listBody = JSON.stringify({ type: top.id, page: 1, pageSize: 24, t, at: sign(t, "/site/Product/index", SECRET) });
  const json = { "content-type": "application/json" };
  const list = await (await fetch(`${shop.url}/site/Product/index`, { method: "POST", headers: json, body: listBody })).json();
  const detailPath = `/site/Product/detail?id=${list.data.list[0].id}&${signedQuery("/site/Product/detail")}`;
  const product = (await (await fetch(`${shop.url}${detailPath}`)).json()).data.product.url;
  const loggedIn = { headers: { cookie: await loginCookie(shop.url) } };
  const targets: Record<string, [string, Req]> = {
    "api-list": ["/site/Product/index", { method: "POST", headers: json, body: listBody }],
    "api-detail": [detailPath, {}],
    "ssr-list": [encodeURI(categoryUrl("fr", top)), {}],
    "ssr-list-logged-in": [encodeURI(categoryUrl("fr", top)), loggedIn],
    "ssr-product-logged-in": [encodeURI(product), loggedIn],
  };
  const chosen = targets[target];
  if (!chosen) throw new Error(`target: one of ${Object.keys(targets).join(", ")}`);
  resetPeakRss(shop.pid);
  const row = await measure(`${target} ${process.env.NODE_OPTIONS ?? ""}`.trim(), `${shop.url}${chosen[0]}`, chosen[1]);
  printTable([row], peakRssMb(shop.pid));
} finally {
  await shop.stop();
}
