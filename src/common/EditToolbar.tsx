/**
 * An edit form's toolbar: 'Salvează' at one end and, at the other, 'Șterge' after a confirmation,
 * back to the list once the record is gone. The words are the resource's own:
 * `resources.<name>.deleteTitle` (given the record's name as %{name}), `deleteContent`, and its
 * `deleted` notice where it has one (react-admin's 'Element șters' otherwise).
 */
import { SaveButton, Toolbar, useGetRecordRepresentation, useRecordContext, useResourceContext, useTranslate } from "react-admin";
import { ConfirmDeleteButton } from "./ConfirmDeleteButton";

export function EditToolbar() {
  const resource = useResourceContext() ?? "";
  const record = useRecordContext();
  const translate = useTranslate();
  const representation = useGetRecordRepresentation(resource);
  const name = record ? String(representation(record)) : "";
  return (
    <Toolbar sx={{ justifyContent: "space-between" }}>
      <SaveButton />
      <ConfirmDeleteButton
        title={translate(`resources.${resource}.deleteTitle`, { name })}
        content={translate(`resources.${resource}.deleteContent`)}
        successMessage={translate(`resources.${resource}.deleted`, { _: translate("ra.notification.deleted", { smart_count: 1 }) })}
        redirect="list"
      />
    </Toolbar>
  );
}
