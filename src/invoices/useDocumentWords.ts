/**
 * The words of the screens shared by every kind of document kept as an invoice row (an invoice,
 * a proforma), said of the resource's own record: its name in the singular ('Factură',
 * 'Factură proformă', both feminine, as the sentences' agreement needs), or the resource's own
 * heading where it has one (`resources.<name>.add`).
 */
import { useTranslate } from "react-admin";

export function useDocumentWords(resource: string) {
  const translate = useTranslate();
  const name = translate(`resources.${resource}.name`, { smart_count: 1, _: translate("resources.invoices.name", { smart_count: 1 }) });
  const say = (key: string, options: Record<string, unknown> = {}) => translate(`resources.invoices.document.${key}`, { name, ...options });
  return {
    name,
    newTitle: translate(`resources.${resource}.add`, { _: say("newTitle") }),
    created: (id: number) => say("created", { id }),
    duplicated: (id: number) => say("duplicated", { id }),
  };
}
