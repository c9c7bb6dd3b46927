// The contracts of the quick-order calls (core/contracts/contract.ts).
export {};
