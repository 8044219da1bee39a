/**
 * A customer corrected (an address, an e-mail): its form, saved on the server before its page
 * shows again, and its deletion, which the server refuses while invoices use the customer.
 */
import { ResourceEdit } from "../common/ResourceEdit";
import { CustomerInputs } from "./CustomerInputs";

export function CustomerEdit() {
  return (
    <ResourceEdit resource="customers" redirect="show">
      <CustomerInputs />
    </ResourceEdit>
  );
}
