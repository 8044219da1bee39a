import { isSecretName, maskSecret } from "./maskSecret";

describe("maskSecret", () => {
  it("keeps the first and last character of a password, token or secret", () => {
    expect(maskSecret("smtp.password", "parola123")).toBe("p*******3");
    expect(maskSecret("smartbill.token", "abcdef")).toBe("a****f");
    expect(maskSecret("api.SECRET", "xyz")).toBe("x*z");
  });

  it("hides a value too short to show both ends", () => {
    expect(maskSecret("x.password", "ab")).toBe("**");
    expect(maskSecret("x.password", "")).toBe("");
  });

  it("leaves other settings as they are", () => {
    expect(maskSecret("smartbill.cif", "RO12345678")).toBe("RO12345678");
    expect(isSecretName("smartbill.url")).toBe(false);
  });

  it("gives the same text when applied twice", () => {
    const once = maskSecret("smartbill.token", "s3cr3t-value");
    expect(maskSecret("smartbill.token", once)).toBe(once);
  });
});
