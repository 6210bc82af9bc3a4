/**
 * The one delivery address every shopper of the busiest-hour load saves: a valid Indian address
 * (6-digit PIN, 10-digit mobile). If the store's address or delivery rules change, change it here.
 */
export const SHOPPER_ADDRESS = {
  firstName: "Asha",
  lastName: "Verma",
  email: "asha@load.example",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  zipCode: "560001",
  country: "India",
  phone: "9876543210",
};
