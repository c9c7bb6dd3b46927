// The contracts of the newsletter calls (core/contracts/contract.ts).
export {};
