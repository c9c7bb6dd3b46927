// The contracts of the init calls (core/contracts/contract.ts).
export {};
