// The contracts of the accounts calls (core/contracts/contract.ts): login, registration, password recovery,
// logout, and the caller's identity, sessions and addresses.
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { addressAnswer, listPage, nothing } from "./shared.ts";
import { loginSchema } from "../validation/identifier.ts";
import { emailChangeSchema, identityUpdateSchema, registrationSchema, sessionIdSchema } from "../validation/account.ts";
import { forgotPasswordSchema, resetWithCodeSchema, resetWithTokenSchema } from "../validation/password-reset.ts";
import { passwordChangeSchema } from "../validation/password.ts";
import { addressBodySchema, addressCombinationSchema, addressIdSchema } from "../validation/address.ts";

/** The customer as the API shows it (SPEC §4 userInfo). */
export const userInfoAnswer = z.object({
  id: z.number(),
  client_number: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  lang: z.string(),
  must_change_password: z.boolean(),
});

/** A session just opened: its token and its customer. */
const loggedInAnswer = z.object({ token: z.string(), userInfo: userInfoAnswer });

/** One of the account's live sessions. */
const sessionRowAnswer = z.object({
  id: z.number(),
  user_agent: z.string().describe('The browser\'s User-Agent as recorded for the session ("" when unknown).'),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean().describe("The session making the call (ending it logs the caller out)."),
});

/** A delivery address paired with an invoice address. */
const combinationAnswer = z.object({ id: z.number(), delivery_addr_id: z.number(), invoice_addr_id: z.number() });

/** The caller's address book: each kind default first, and the pairs whose two addresses still exist. */
const addressBookAnswer = z.object({
  delivery: z.array(addressAnswer),
  invoice: z.array(addressAnswer),
  combinations: z.array(combinationAnswer),
});

export const login = defineCall({ method: "POST", path: "/site/user/login", input: loginSchema, output: loggedInAnswer });

export const register = defineCall({ method: "POST", path: "/site/user/register", input: registrationSchema, output: loggedInAnswer });

export const forgotPassword = defineCall({
  method: "POST",
  path: "/site/user/forgotPassword",
  input: forgotPasswordSchema,
  output: nothing,
});

export const resetPassword = defineCall({ method: "POST", path: "/site/user/resetPassword", input: resetWithCodeSchema, output: nothing });

export const resetPasswordByToken = defineCall({
  method: "POST",
  path: "/site/user/resetPasswordByToken",
  input: resetWithTokenSchema,
  output: nothing,
});

export const logout = defineCall({ method: "POST", path: "/site/user/logout", output: nothing });

export const editIdentity = defineCall({
  method: "POST",
  path: "/site/Customer/editIdentity",
  auth: true,
  input: identityUpdateSchema,
  output: userInfoAnswer,
});

export const changeEmail = defineCall({
  method: "POST",
  path: "/site/Customer/changeEmail",
  auth: true,
  input: emailChangeSchema,
  output: userInfoAnswer,
});

export const getSessions = defineCall({
  method: "GET",
  path: "/site/Customer/getSessions",
  auth: true,
  output: listPage(sessionRowAnswer),
});

export const endSession = defineCall({
  method: "POST",
  path: "/site/Customer/endSession",
  auth: true,
  input: sessionIdSchema,
  output: nothing,
});

export const changePassword = defineCall({
  method: "POST",
  path: "/site/Customer/changePassword",
  auth: true,
  input: passwordChangeSchema,
  output: nothing,
});

export const getAddress = defineCall({ method: "GET", path: "/site/Customer/getAddress", auth: true, output: addressBookAnswer });

export const saveAddress = defineCall({
  method: "POST",
  path: "/site/Customer/saveAddress",
  auth: true,
  input: addressBodySchema,
  output: addressAnswer,
});

export const delAddress = defineCall({
  method: "POST",
  path: "/site/Customer/delAddress",
  auth: true,
  input: addressIdSchema,
  output: nothing,
});

export const setDefaultAddress = defineCall({
  method: "POST",
  path: "/site/Customer/setDefaultAddress",
  auth: true,
  input: addressIdSchema,
  output: addressAnswer,
});

export const addAddressCombination = defineCall({
  method: "POST",
  path: "/site/Customer/addAddressCombination",
  auth: true,
  input: addressCombinationSchema,
  output: combinationAnswer,
});

export type LoggedInAnswer = z.output<typeof loggedInAnswer>;
export type SessionRowAnswer = z.output<typeof sessionRowAnswer>;
export type CombinationAnswer = z.output<typeof combinationAnswer>;
export type AddressBookAnswer = z.output<typeof addressBookAnswer>;
