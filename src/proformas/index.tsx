/**
 * The proformas resource ('Facturi proforma'): rows of the invoices' table sent to SmartBill as
 * proformas, on the invoices' screens made proforma screens (ProformaScope): the list, the
 * editor, 'Proformă nouă' (/proformas/create) and the import under /proformas/import;
 * 'Transformă în factură' on a sent one.
 */
import type { AppResource } from "../appResource";
import DescriptionIcon from "@mui/icons-material/Description";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Route } from "react-router-dom";
import { ProformaCreate } from "./ProformaCreate";
import { ProformaEdit } from "./ProformaEdit";
import { ProformaImport } from "./ProformaImport";
import { ProformaList } from "./ProformaList";

export const proformas: AppResource = {
  name: "proformas",
  list: ProformaList,
  edit: ProformaEdit,
  create: ProformaCreate,
  icon: DescriptionIcon,
  menu: {
    section: "smartbill",
    entries: [
      { path: "import", label: "menu.proformaImport", icon: UploadFileIcon },
      { label: "menu.proformas" },
    ],
  },
  children: <Route path="import" element={<ProformaImport />} />,
  redirects: {
    "/smartbill/proformas": "",
    "/smartbill/proforma/import": "import",
    "/smartbill/proforma/create": "create",
    "/smartbill/proforma/edit/:id": ":id",
  },
};

export default proformas;
