// The contracts of the cart calls (core/contracts/contract.ts).
export {};
