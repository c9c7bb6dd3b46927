export * from "./catalogue.ts";
export * from "./customers.ts";
export * from "./sales.ts";
export * from "./content.ts";
