import { checkExcelFile } from "./excelFile";

const file = (name: string) => new File(["x"], name);

describe("checkExcelFile", () => {
  it("asks for a file when none was chosen", () => {
    expect(checkExcelFile(null)).toBe("resources.customers.noFileError");
  });

  it("accepts .xlsx and .xls in any case and refuses anything else", () => {
    expect(checkExcelFile(file("clienti.xlsx"))).toBeNull();
    expect(checkExcelFile(file("CLIENTI.XLS"))).toBeNull();
    expect(checkExcelFile(file("clienti.csv"))).toBe("resources.customers.wrongType");
    expect(checkExcelFile(file("clienti.xlsx.exe"))).toBe("resources.customers.wrongType");
  });
});
