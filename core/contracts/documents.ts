// The contracts of the documents calls (core/contracts/contract.ts).
export {};
