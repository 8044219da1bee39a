/**
 * A customer's full form for tests that need one with a name, a CIF, a code and an e-mail address,
 * the rest the same plausible Cluj address every time.
 */
export interface CustomerNaming {
  clientName: string;
  cif: string;
  codClient: string;
  email: string;
}

export function customerFields({ clientName, cif, codClient, email }: CustomerNaming) {
  return {
    clientName,
    cif,
    regCom: "J12/55/2019",
    codClient,
    adresa: "Str. Memorandumului 28",
    localitate: "Cluj-Napoca",
    judet: "Cluj",
    banca: "",
    iban: "",
    tara: "Romania",
    email,
    persContact: "",
    telefon: "",
  };
}
