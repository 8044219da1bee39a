/** A product of the catalogue: its form, saved on the server before the list shows again, and its deletion. */
import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar, useTranslate } from "react-admin";
import type { ProductInput } from "../../contract/api";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { ProductInputs, productPayload } from "./ProductInputs";

function ProductToolbar() {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: "space-between" }}>
      <SaveButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle={translate("resources.products.deleteTitle")}
        confirmContent={translate("resources.products.deleteContent")}
      />
    </Toolbar>
  );
}

export function ProductEdit() {
  const translate = useTranslate();
  return (
    <RequireAccess resource="products">
      <ScreenHeading>{translate("resources.products.edit")}</ScreenHeading>
      <Edit
        resource="products"
        title={translate("resources.products.edit")}
        mutationMode="pessimistic"
        redirect="list"
        transform={(data: ProductInput) => productPayload(data, translate)}
      >
        <SimpleForm toolbar={<ProductToolbar />}>
          <ProductInputs />
        </SimpleForm>
      </Edit>
    </RequireAccess>
  );
}
