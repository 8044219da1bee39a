import { checkNewPassword } from "./checkNewPassword";

describe("checkNewPassword", () => {
  it("asks for every field first", () => {
    expect(checkNewPassword(["", "x"], "", "x")).toEqual({ key: "password.required" });
    expect(checkNewPassword(["curenta", "parola123", ""], "parola123", "")).toEqual({ key: "password.required" });
  });

  it("refuses passwords that do not match", () => {
    expect(checkNewPassword(["parola123", "parola124"], "parola123", "parola124")).toEqual({ key: "password.mismatch" });
  });

  it("refuses a password shorter than the minimum", () => {
    expect(checkNewPassword(["scurt", "scurt"], "scurt", "scurt")).toEqual({ key: "password.tooShort", options: { min: 8 } });
  });

  it("accepts matching passwords of sufficient length", () => {
    expect(checkNewPassword(["parola123", "parola123"], "parola123", "parola123")).toBeNull();
  });
});
