/** 'Adaugă produs': a new product of the catalogue; back to the list once saved. */
import { Create, SimpleForm, useTranslate } from "react-admin";
import type { ProductInput } from "../../contract/api";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { NEW_PRODUCT, ProductInputs, productPayload } from "./ProductInputs";

export function ProductCreate() {
  const translate = useTranslate();
  return (
    <RequireAccess resource="products">
      <ScreenHeading>{translate("resources.products.add")}</ScreenHeading>
      <Create
        resource="products"
        title={translate("resources.products.add")}
        redirect="list"
        transform={(data: ProductInput) => productPayload(data, translate)}
      >
        <SimpleForm defaultValues={NEW_PRODUCT}>
          <ProductInputs />
        </SimpleForm>
      </Create>
    </RequireAccess>
  );
}
