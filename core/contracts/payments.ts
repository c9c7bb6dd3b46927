// The contracts of the payments calls (core/contracts/contract.ts).
export {};
