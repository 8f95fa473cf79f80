// The generated database's known sign-in accounts, for the bench and for people trying it.

/** Every generated account's password (letters and digits, as sign-in's rule wants): test data, never a real shop's. */
export const SEED_PASSWORD = 'courier40volume';

/** The biggest merchant (merchant 1), the Dhaka hub's operator and the first Dhaka rider. */
export const KNOWN_EMAILS = {
  admin: 'admin@courier.test',
  merchant: 'merchant@courier.test',
  rider: 'rider@courier.test',
  operator: 'operator@courier.test',
} as const;

/** The delivery code of every parcel generated out for delivery, so a rider can finish one by hand. */
export const SEED_DELIVERY_CODE = '123456';
