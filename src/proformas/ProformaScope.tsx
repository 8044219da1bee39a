/**
 * Makes the invoice screens (list, editor, import) proforma screens, with no copy of them:
 * - the resource is 'proformas' (records, links and access; useDocumentKind reads it);
 * - the words: a key of the invoices' words (`resources.invoices.…`) reads the proformas' word of
 *   the same name when there is one ('Trimite proforma', 'Facturi proforma'), the invoices' otherwise;
 * - the invoice methods of the dataProvider (send, lines, PDF, e-mail, cancel, history, import,
 *   series) answer at the proformas' routes, which are the invoices' routes under another prefix.
 */
import { type ReactNode, useContext, useMemo } from "react";
import {
  DataProviderContext,
  I18nContext,
  type I18nProvider,
  ResourceContextProvider,
  useI18nProvider,
} from "react-admin";
import { documentMethods } from "../providers/documentMethods";

const INVOICE_WORDS = "resources.invoices.";
const PROFORMA_WORDS = "resources.proformas.";
/** What polyglot answers for a key it does not have (its `_` default), to know it has none. */
const MISSING = "\u0000missing";

/** The proformas' word for an invoices' key (or a proformas' key), falling back to the invoices' word. */
export function proformaWords(parent: I18nProvider): I18nProvider {
  const translate: I18nProvider["translate"] = (key, options) => {
    const rest = key.startsWith(INVOICE_WORDS) ? key.slice(INVOICE_WORDS.length) : key.startsWith(PROFORMA_WORDS) ? key.slice(PROFORMA_WORDS.length) : null;
    if (rest === null) return parent.translate(key, options);
    const own = parent.translate(PROFORMA_WORDS + rest, { ...options, _: MISSING });
    return own === MISSING ? parent.translate(INVOICE_WORDS + rest, options) : own;
  };
  return { ...parent, translate };
}

export function ProformaScope({ children }: { children: ReactNode }) {
  const i18n = useI18nProvider();
  // The provider itself, not useDataProvider's wrapper around it (which the screens' own calls add).
  const dataProvider = useContext(DataProviderContext);
  const words = useMemo(() => proformaWords(i18n), [i18n]);
  const proformaData = useMemo(
    () => dataProvider && { ...dataProvider, ...documentMethods("proformas") },
    [dataProvider],
  );
  return (
    <ResourceContextProvider value="proformas">
      <I18nContext.Provider value={words}>
        <DataProviderContext.Provider value={proformaData}>{children}</DataProviderContext.Provider>
      </I18nContext.Provider>
    </ResourceContextProvider>
  );
}
