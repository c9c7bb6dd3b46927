// Page objects of the e2e tests: locators by role and label, texts from the fr/zh catalogues.
// Cart (/panier) and checkout pages do not exist yet: their page objects go here (cart.ts, checkout.ts)
// with the issue that builds those pages, along with the cart badge getter of Header.
export { Header } from "./header.ts";
export { ProductList } from "./product-list.ts";
export { ProductDetail } from "./product-detail.ts";
export { LoginPage } from "./login.ts";
export { AccountHome, IdentityPage, AddressesPage } from "./account.ts";
export { ReturnsPage, DeliveriesPage, NotificationsPage } from "./aftersales.ts";
export { AdminLogin } from "./admin.ts";
