/** 'Adaugă client': a customer typed in by hand; its page once saved. */
import { ResourceCreate } from "../common/ResourceCreate";
import { CustomerInputs, NEW_CUSTOMER } from "./CustomerInputs";

export function CustomerCreate() {
  return (
    <ResourceCreate resource="customers" defaultValues={NEW_CUSTOMER} redirect="show">
      <CustomerInputs />
    </ResourceCreate>
  );
}
