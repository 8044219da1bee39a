import { localStorageStore } from "react-admin";
import { chooseLocale, storedLocale } from "./locale";

describe("the public pages' language", () => {
  it("is the one react-admin's store keeps, both ways", () => {
    const adminStore = localStorageStore();
    expect(storedLocale()).toBe("ro");
    chooseLocale("en");
    expect(adminStore.getItem("locale")).toBe("en");
    adminStore.setItem("locale", "ro");
    expect(storedLocale()).toBe("ro");
  });

  it("is Romanian when the stored choice is unreadable or unknown", () => {
    localStorage.setItem("RaStore.locale", "{not json");
    expect(storedLocale()).toBe("ro");
    localStorage.setItem("RaStore.locale", JSON.stringify("fr"));
    expect(storedLocale()).toBe("ro");
  });
});
