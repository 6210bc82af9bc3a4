/**
 * The keys the seller finds orders by (ADR 035), written once when an order is placed and used the
 * same way by every search: a name in lower case with single spaces, a phone as its last ten digits
 * (an Indian mobile number, whatever spaces, dashes or +91 it was typed with), an e-mail trimmed
 * and in lower case, a PIN code as its digits without spaces; a city is keyed as a name is.
 */
import type { AddressSnapshot } from "@worker/db/schema";

export function nameKey(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

export function emailKey(text: string): string {
  return text.trim().toLowerCase();
}

/** "560 034" is 560034, as the address form reads a PIN code. */
export function pincodeKey(text: string): string {
  return text.replace(/\s+/g, "");
}

export function phoneKey(text: string): string {
  return text.replace(/\D/g, "").slice(-10);
}

/** Digits backwards: the end of a number becomes the start of its key. */
export function reversed(digits: string): string {
  return [...digits].reverse().join("");
}

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
