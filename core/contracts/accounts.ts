// The contracts of the accounts calls (core/contracts/contract.ts).
export {};
