/**
 * Add or edit a setting. The name cannot change when editing; a secret's current value never
 * reaches the browser, so editing one asks for the new value instead of showing the old.
 */
import { TextInput, useTranslate } from "react-admin";
import type { Property } from "../../contract/api";
import { isSecretName } from "../../contract/maskSecret";
import { FormDialog } from "../common/FormDialog";

type PropertyRecord = Property & { id: string };

export function PropertyDialog({ property, onClose }: { property?: PropertyRecord; onClose: () => void }) {
  const translate = useTranslate();
  const secret = !!property && isSecretName(property.name);
  return (
    <FormDialog<PropertyRecord>
      resource="properties"
      record={property && { ...property, value: secret ? "" : property.value }}
      title={translate(property ? "resources.properties.edit" : "resources.properties.add")}
      successMessage={translate(property ? "resources.properties.updated" : "resources.properties.created")}
      onClose={onClose}
      transform={({ name, value }) => (property ? { value } : { name: (name ?? "").trim(), value })}
      validate={({ name, value }) =>
        !name?.trim() || !value?.trim() ? { [!name?.trim() ? "name" : "value"]: "resources.properties.required" } : {}
      }
    >
      <TextInput
        source="name"
        disabled={!!property}
        autoFocus={!property}
        fullWidth
      />
      <TextInput
        source="value"
        helperText={secret ? translate("resources.properties.secretHint") : false}
        autoFocus={!!property}
        multiline={!secret}
        type={secret ? "password" : "text"}
        fullWidth
      />
    </FormDialog>
  );
}
