// The customer as the API and the pages show it (SPEC §4 userInfo) and the address book's entries.
import type { z } from "zod";
import type { AddressKind } from "./validation/address.ts";
import type { addressAnswer } from "./contracts/shared.ts";
import type { userInfoAnswer } from "./contracts/accounts.ts";

export type { AddressKind };

/** The customer as answers show it (core/contracts/accounts.ts). */
export type UserInfo = z.output<typeof userInfoAnswer>;

/** The customer fields userInfo is made of (a row of the customers table has them). */
type CustomerFields = {
  id: number;
  clientNumber: string;
  title: string;
  firstName: string;
  lastName: string;
  company: string | null;
  email: string;
  phone: string | null;
  lang: string;
  mustChangePassword: boolean;
};

export function toUserInfo(c: CustomerFields): UserInfo {
  return {
    id: c.id,
    client_number: c.clientNumber,
    title: c.title,
    first_name: c.firstName,
    last_name: c.lastName,
    company: c.company,
    email: c.email,
    phone: c.phone,
    lang: c.lang,
    must_change_password: c.mustChangePassword,
  };
}

/** An address as answers show it (core/contracts/shared.ts). */
export type AddressView = z.output<typeof addressAnswer>;

/** A stored phone as shown: French national numbers in pairs ("01 43 57 21 98"), any other as stored (E.164). */
export function formatPhone(stored: string): string {
  return /^0\d{9}$/.test(stored) ? stored.replace(/(\d{2})(?=\d)/g, "$1 ") : stored;
}
