// The contracts of the checkout calls (core/contracts/contract.ts).
export {};
