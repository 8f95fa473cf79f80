import { formatPrice } from './money.ts';

/**
 * Every fixed user-facing text, in one place (docs/requirements.md quotes them). They are shown exactly
 * as written, typos included ("Ary you sure?", "Last name is required" on the review form): customers
 * and the original client know them so.
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'please provide a valid email',
  passwordRequired: 'password is required',
  passwordWeak: 'Minimum six characters, at least one letter and one number',
  nameRequired: 'Name is required',
  /** The confirm-password field of the forms where a new password is chosen (issue 26). */
  passwordsDiffer: 'The passwords do not match.',
  /** The login page after the server refused the app's token: the session ended there, not by a click (issue 26). */
  sessionEnded: 'Your session ended, please sign in again',
  quantityTooLow: (min: number) => `please add ${min}+ products`,
  quantityTooHigh: (max: number) => `please less than ${max}`,
  orderCreated: 'please pay to confirm',
  cancelConfirm: 'Ary you sure?',
  orderCancelled: 'Delete successfully',
  adminOrderCancelled: 'successfully remove order',
  productAdded: 'Successfully added item',
  productDeleted: 'successfully delete item',
  reviewAdded: 'successfully review add',
  reviewFieldRequired: 'Last name is required',
  adminAdded: 'successfully admin added',
  adminRemoved: 'successfully remove admin',
  profileUpdated: 'successfully update information',
  paymentComplete: 'Congratulation payment complete',
  transactionId: (id: string) => `Your transactionId : ${id}`,
  /** The order confirmation a payment lands on (R-ORDER-CONFIRMATION, issue 26). */
  orderConfirmed: (number: string) => `Thank you, your order ${number} is paid`,
  orderNextSteps:
    'We are packing your order now. We will mail you when it ships, with the carrier and tracking number, and you can follow it in My Orders.',
  pageNotFound: 'Page not found',
  shopUnavailable: 'The shop is having trouble right now. We keep trying, and this page will carry on by itself.',
  tooManyUnpaidOrders: (max: number) =>
    `You already have ${max} unpaid ${max === 1 ? 'order' : 'orders'}: pay or cancel one in My Orders before ordering again.`,
  orderTotalTooHigh: (max: number) => `An order may total at most ${formatPrice(max)}: please order fewer.`,
  unpaidQuantityTooHigh: (held: number, max: number) =>
    `You already have ${held} of this product waiting for payment, and at most ${max} may wait at once: pay or cancel those orders in My Orders first.`,
  dashboardHeading: 'Welcome Our Dashboard',
  addProductTitle: 'Please enter your new products',
  resetLinkSent: 'If an account exists for that email, we sent a link to reset the password.',
  resetLinkInvalid: 'This link has expired or was already used. Please ask for a new one.',
  passwordReset: 'Your password is changed. Please log in with the new one.',
  currentPasswordWrong: 'The current password is not right.',
  nameSaved: 'Your name is saved.',
  passwordChanged: 'Your password is changed. Other devices are signed out.',
  deletionEmailMismatch: 'Type the email you are signed in with to confirm.',
  /** Who a deleted account's reviews are by, with no photo (decision 0053). */
  formerCustomer: 'A former customer',
  accountDeleted: 'Your account is deleted.',
  verifyEmailFirst: 'Please confirm your email before ordering: follow the link we mailed you, or send it again.',
  verificationSent: 'We sent you a new link to confirm your email.',
  /** Sign-up went through but signing in with the same email and password did not: the email had an account (decision 44). */
  signUpNotSignedIn:
    'We could not sign you in. If this email already has an account, please log in or use Forgot password: we have mailed its owner.',
  /** The footer's newsletter box keeps nothing (R-FOOTER): there is no newsletter yet. */
  newsletterThanks: 'Thank you for your interest! Our newsletter has not started yet, so we have not kept your address.',
  lastAdminSelfDeletion: "You are the shop's last admin: make someone else admin before deleting your account.",
  /** A JSON body past LIMITS.bodyNestingMax (R-BOUNDS). */
  bodyNestsTooDeep: (max: number) => `The request body nests deeper than ${max} levels.`,
  /** The edit form that issue 15 added (R-EDIT). */
  productUpdated: 'Product saved',
  /** A throttled call (R-THROTTLE, R-FLOOD): what was done too often, and how long to wait. */
  tooMany: (what: string, retryAfterSeconds: number) =>
    `Too many ${what}. Please wait ${waitText(retryAfterSeconds)} and try again.`,
} as const;

/** "1 second", "40 seconds", "3 minutes", "2 hours": a wait rounded up to the unit people count it in. */
export function waitText(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
