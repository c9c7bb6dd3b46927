// Load benchmark of the catalogue (DESIGN §8): a category list page and a product page, SSR
// (render cache hits, anonymous and logged in alike since decision 063) and API, next to a raw node:http ceiling for the same bytes.
// Usage: npm run build && node --import tsx bench/catalogue.ts [--duration 10 --connections 50 --pg postgres://…]
import { sign } from "../server/http/signature.ts";
import { categoryUrl } from "../core/slug.ts";
import { SECRET, loginCookie, measure, peakRssMb, printTable, resetPeakRss, rawCeiling, signedQuery, startShop, type Row } from "./lib.ts";

const shop = await startShop();
resetPeakRss(shop.pid);
const rows: Row[] = [];
let rssMb = 0;
try {
  const config = await (await fetch(`${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`)).json();
  const top = config.data.product_cate[0].child[0];
  const listPath = encodeURI(categoryUrl("fr", top));
  const t = Math.floor(Date.now() / 1000);
  const listBody = JSON.stringify({ type: top.id, page: 1, pageSize: 24, t, at: sign(t, "/site/Product/index", SECRET) });
  const json = { "content-type": "application/json" };
  const list = await (await fetch(`${shop.url}/site/Product/index`, { method: "POST", headers: json, body: listBody })).json();
  const productId = list.data.list[0].id;
  const detail = await (await fetch(`${shop.url}/site/Product/detail?id=${productId}&${signedQuery("/site/Product/detail")}`)).json();
  const productPath = encodeURI(detail.data.product.url);
  const listPage = Buffer.from(await (await fetch(`${shop.url}${listPath}`)).arrayBuffer());
  console.log(`category ${listPath} (${list.data.total} products), product ${productPath}`);

  rows.push(await measure(`SSR list ${listPath}`, `${shop.url}${listPath}`));
  // Logged in: the same cached page as everyone since decision 063 (bench/personal.ts has the personal pages).
  const loggedIn = { headers: { cookie: await loginCookie(shop.url) } };
  rows.push(await measure("SSR list, logged in", `${shop.url}${listPath}`, loggedIn));
  rows.push(await measure(`SSR product ${productPath}`, `${shop.url}${productPath}`));
  rows.push(await measure("SSR product, logged in", `${shop.url}${productPath}`, loggedIn));
  rows.push(
    await measure("API POST /site/Product/index (24 of a category)", `${shop.url}/site/Product/index`, {
      method: "POST",
      headers: json,
      body: listBody,
    }),
  );
  rows.push(
    await measure("API GET /site/Product/detail", `${shop.url}/site/Product/detail?id=${productId}&${signedQuery("/site/Product/detail")}`),
  );
  rows.push(await rawCeiling(listPage));
  rssMb = peakRssMb(shop.pid);
} finally {
  await shop.stop();
}

printTable(rows, rssMb);
