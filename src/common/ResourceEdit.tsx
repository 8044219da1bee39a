/**
 * A resource's edit screen, composed once so that a resource's own edit screen is its inputs: the
 * page guard (its role matrix row), the heading `resources.<name>.edit` (the top bar's title too),
 * the form saved on the server before the list shows again (no undo window: a refusal keeps the
 * form as typed), and the toolbar with save and the confirmed delete (EditToolbar.tsx).
 */
import type { ReactNode } from "react";
import { Edit, type RaRecord, type RedirectionSideEffect, SimpleForm, type TransformData, useTranslate } from "react-admin";
import type { ResourceName } from "../../contract/roles";
import { EditToolbar } from "./EditToolbar";
import { RequireAccess } from "./RequireAccess";
import { ScreenHeading } from "./ScreenHeading";

export interface ResourceEditProps {
  resource: ResourceName;
  /** the form's inputs */
  children: ReactNode;
  /** the form's values → what the API takes */
  transform?: TransformData;
  /** where the screen goes once saved: the list by default */
  redirect?: RedirectionSideEffect;
}

export function ResourceEdit({ resource, children, transform, redirect = "list" }: ResourceEditProps) {
  const translate = useTranslate();
  const title = translate(`resources.${resource}.edit`);
  return (
    <RequireAccess resource={resource}>
      <ScreenHeading>{title}</ScreenHeading>
      <Edit<RaRecord> resource={resource} title={title} mutationMode="pessimistic" redirect={redirect} transform={transform}>
        <SimpleForm toolbar={<EditToolbar />}>{children}</SimpleForm>
      </Edit>
    </RequireAccess>
  );
}
