/** 'Adaugă produs': a new product of the catalogue; back to the list once saved. */
import { useTranslate } from "react-admin";
import type { ProductInput } from "../../contract/api";
import { ResourceCreate } from "../common/ResourceCreate";
import { NEW_PRODUCT, ProductInputs, productPayload } from "./ProductInputs";

export function ProductCreate() {
  const translate = useTranslate();
  return (
    <ResourceCreate resource="products" defaultValues={NEW_PRODUCT} transform={(data: ProductInput) => productPayload(data, translate)}>
      <ProductInputs />
    </ResourceCreate>
  );
}
