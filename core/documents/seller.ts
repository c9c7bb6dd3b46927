// The seller's legal details printed on every commercial document (invoice, credit note, quotation): French law
// asks for the name, legal form, registered address, SIRET, RCS, share capital and the intra-EU VAT number.
// The one source of the shop's contact details: the site's (the seeded site config, the head-office shop and the
// information pages) are taken from here, so that a buyer reads the same number on the site and on a PDF.
// Demo values: consistent with each other (SIRET = SIREN + NIC passing the Luhn check, VAT key computed from
// the SIREN) but belonging to no real company.

export type Seller = {
  name: string;
  legalName: string;
  address: readonly string[];
  siret: string;
  vatNumber: string;
  rcs: string;
  capital: string;
  phone: string;
  email: string;
  website: string;
  iban: string;
  bic: string;
};

export const SELLER: Seller = {
  name: "Comptoir de l'Emballage",
  legalName: "Comptoir de l'Emballage SAS",
  address: ["12 rue de la Haie-Coq", "93300 Aubervilliers", "France"],
  siret: "85241973800004",
  vatNumber: "FR17852419738",
  rcs: "RCS Bobigny 852 419 738",
  capital: "50 000 €",
  phone: "01 48 34 56 78",
  email: "contact@comptoir-emballage.fr",
  website: "www.comptoir-emballage.fr",
  iban: "FR76 3000 4008 2800 0123 4567 890",
  bic: "BNPAFRPPXXX",
};

/** Luhn check used by SIREN (9 digits) and SIRET (14 digits). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

/** French intra-EU VAT number of a SIREN: "FR" + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, "0")}${siren}`;
}

/** "85241973800004" → "852 419 738 00004" (the usual printed grouping). */
export function formatSiret(siret: string): string {
  return siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, "$1 $2 $3 $4");
}
