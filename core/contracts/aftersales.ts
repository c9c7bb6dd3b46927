// The contracts of the aftersales calls (core/contracts/contract.ts).
export {};
