// The contracts of the questions calls (core/contracts/contract.ts).
export {};
