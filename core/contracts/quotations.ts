// The contracts of the quotations calls (core/contracts/contract.ts).
export {};
