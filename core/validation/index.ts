// All validation schemas (messages are "validation.*" i18n keys).
export * from "./keys.ts";
export * from "./common.ts";
export * from "./newsletter.ts";
export * from "./search.ts";
export * from "./password.ts";
export * from "./phone.ts";
export * from "./identifier.ts";
export * from "./address.ts";
export * from "./account.ts";
export * from "./feedback.ts";
export * from "./contact.ts";
export * from "./receiving.ts";
export * from "./company.ts";
export * from "./password-reset.ts";
export * from "./catalogue.ts";
