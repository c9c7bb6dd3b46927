// The contracts of the catalogue calls (core/contracts/contract.ts).
export {};
