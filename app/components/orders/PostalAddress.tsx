import type { AddressSnapshot } from "@worker/db/schema";

type PostalAddressProps = { address: AddressSnapshot; className: string; nameClassName: string; testId?: string };
/** An order's delivery address as the order page and the printed papers write it. */
export function PostalAddress({ address, className, nameClassName, testId }: PostalAddressProps) {
  return (
    <address className={`not-italic ${className}`} data-testid={testId}>
      <p className={nameClassName}>{`${address.firstName} ${address.lastName}`}</p>
      <p>{address.street}</p>
      <p>{`${address.city}, ${address.state} ${address.zipCode}`}</p>
      <p>{address.country}</p>
      <p>Phone: {address.phone}</p>
    </address>
  );
}
