// The contracts of the orders calls (core/contracts/contract.ts).
export {};
