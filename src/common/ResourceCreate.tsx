/**
 * A resource's create screen, composed once so that a resource's own create screen is its inputs:
 * the page guard (its role matrix row), the heading `resources.<name>.add` (the top bar's title
 * too, the same words as the list's button that leads here), and the form, back to the list once
 * saved.
 */
import type { ReactNode } from "react";
import { Create, type RedirectionSideEffect, SimpleForm, type TransformData, useTranslate } from "react-admin";
import type { ResourceName } from "../../contract/roles";
import { RequireAccess } from "./RequireAccess";
import { ScreenHeading } from "./ScreenHeading";

export interface ResourceCreateProps {
  resource: ResourceName;
  /** the form's inputs */
  children: ReactNode;
  /** what a new record starts with */
  defaultValues?: Record<string, unknown>;
  /** the form's values → what the API takes */
  transform?: TransformData;
  /** where the screen goes once saved: the list by default */
  redirect?: RedirectionSideEffect;
}

export function ResourceCreate({ resource, children, defaultValues, transform, redirect = "list" }: ResourceCreateProps) {
  const translate = useTranslate();
  const title = translate(`resources.${resource}.add`);
  return (
    <RequireAccess resource={resource}>
      <ScreenHeading>{title}</ScreenHeading>
      <Create resource={resource} title={title} redirect={redirect} transform={transform}>
        <SimpleForm defaultValues={defaultValues}>{children}</SimpleForm>
      </Create>
    </RequireAccess>
  );
}
