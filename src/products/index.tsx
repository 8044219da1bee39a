/** The products resource: the tenant's catalogue ('Nomenclator produse'), also at /smartbill/products. */
import type { AppResource } from "../appResource";
import CategoryIcon from "@mui/icons-material/Category";
import { ProductCreate } from "./ProductCreate";
import { ProductEdit } from "./ProductEdit";
import { ProductList } from "./ProductList";

export const products: AppResource = {
  name: "products",
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: CategoryIcon,
  menu: { section: "stock", entries: [{ label: "menu.products" }] },
  recordRepresentation: "name",
  redirects: { "/smartbill/products": "", "/smartbill/products/create": "create", "/smartbill/products/:id": ":id" },
};

export default products;
