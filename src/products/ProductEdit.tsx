/** A product of the catalogue: its form, saved on the server before the list shows again, and its deletion. */
import { useTranslate } from "react-admin";
import type { ProductInput } from "../../contract/api";
import { ResourceEdit } from "../common/ResourceEdit";
import { ProductInputs, productPayload } from "./ProductInputs";

export function ProductEdit() {
  const translate = useTranslate();
  return (
    <ResourceEdit resource="products" transform={(data: ProductInput) => productPayload(data, translate)}>
      <ProductInputs />
    </ResourceEdit>
  );
}
