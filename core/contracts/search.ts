// The contracts of the search calls (core/contracts/contract.ts).
export {};
