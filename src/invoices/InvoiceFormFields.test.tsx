/**
 * How a new invoice goes to SmartBill: 'Emite factura' unless the clerk deliberately chooses a
 * SmartBill draft, each option saying what it means (the import form's defaults, invoiceDefaults.ts).
 */
import { screen } from "@testing-library/react";
import { Form } from "react-admin";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { newInvoiceForm } from "./invoiceDefaults";
import { FormValuesWatcher } from "./FormValuesWatcher";
import { InvoiceFormFields, type InvoiceFormValues } from "./InvoiceFormFields";

/** The fields in a react-admin form, as the screens hold them, telling each change's values. */
function InvoiceForm({ onChange }: { onChange: (values: InvoiceFormValues) => void }) {
  return (
    <Form defaultValues={newInvoiceForm()} mode="onChange">
      <FormValuesWatcher onValues={onChange} />
      <InvoiceFormFields />
    </Form>
  );
}

describe("the invoice form's choice of issuing or a SmartBill draft", () => {
  it("issues by default, and makes a draft only when it is chosen, saying what a draft cannot do", async () => {
    const onChange = vi.fn();
    renderWithAdmin(<InvoiceForm onChange={onChange} />);
    const group = screen.getByRole("radiogroup", { name: "În SmartBill" });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Emite factura" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Salvează ca ciornă în SmartBill (fără număr, nefiscală)" })).not.toBeChecked();
    expect(screen.getByText("Factură fiscală, cu următorul număr din serie.")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: /Ciorn/ })).toBeNull();
    expect(newInvoiceForm().draft).toBe(false);

    await userEvent.click(screen.getByRole("radio", { name: "Salvează ca ciornă în SmartBill (fără număr, nefiscală)" }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ draft: true }));
    expect(screen.getByText("O ciornă nu are PDF, e-mail, încasări sau stornare până când o emiteți cu „Emite factura”.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Emite factura" }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ draft: false }));
  });
});

describe("the invoice form's days to pay", () => {
  it("says at once that more than a year to pay is refused, as the server does", async () => {
    renderWithAdmin(<InvoiceForm onChange={vi.fn()} />);
    const dueDays = screen.getByLabelText("Zile până la scadență");
    expect(dueDays).toHaveAttribute("max", "365");
    await userEvent.clear(dueDays);
    await userEvent.type(dueDays, "3650");
    expect(screen.getByText("Între 1 și 365 de zile.")).toBeInTheDocument();
    await userEvent.clear(dueDays);
    await userEvent.type(dueDays, "30");
    expect(screen.queryByText("Între 1 și 365 de zile.")).toBeNull();
  });
});

describe("the invoice form's notes", () => {
  it("are plain three-row textareas, without a hidden copy measured at every key, and keep what is typed", async () => {
    const onChange = vi.fn();
    const { container } = renderWithAdmin(<InvoiceForm onChange={onChange} />);
    for (const name of ["Mențiuni", "Observații"]) {
      const notes = screen.getByRole("textbox", { name });
      expect(notes.tagName).toBe("TEXTAREA");
      expect(notes).toHaveAttribute("rows", "3");
    }
    // MUI's growing textarea keeps an aria-hidden copy beside each textarea to measure the text.
    expect(container.querySelectorAll("textarea[aria-hidden]")).toHaveLength(0);
    await userEvent.type(screen.getByRole("textbox", { name: "Mențiuni" }), "Curier");
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ mentions: "Curier" }));
  });
});
