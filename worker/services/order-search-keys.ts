/** The keys the seller finds orders by (ADR 035), written when an order is placed and read the same way by every search. */
import type { AddressSnapshot } from "@worker/db/schema";

export const nameKey = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, " ");
export const emailKey = (text: string): string => text.trim().toLowerCase();
export const pincodeKey = (text: string): string => text.replace(/\s+/g, "");
export const phoneKey = (text: string): string => text.replace(/\D/g, "").slice(-10);

/** The end of a number becomes the start of its key. */
export const reversed = (digits: string): string => [...digits].reverse().join("");

export function orderSearchKeys(address: Pick<AddressSnapshot, "firstName" | "lastName" | "phone" | "email" | "zipCode" | "city">) {
  const searchPhone = phoneKey(address.phone);
  return {
    searchName: nameKey(`${address.firstName} ${address.lastName}`),
    searchSurname: nameKey(address.lastName),
    searchPhone,
    searchPhoneReversed: reversed(searchPhone),
    searchEmail: emailKey(address.email),
    searchPincode: pincodeKey(address.zipCode),
    searchCity: nameKey(address.city),
  };
}
