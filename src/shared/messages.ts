import { LIMITS } from './limits.ts';
import { formatPrice } from './money.ts';
import { englishText } from './translate.ts';

/**
 * Every fixed user-facing text, in one place (docs/requirements.md quotes them). They are shown exactly
 * as written, typos included ("Ary you sure?", "Last name is required" on the review form): customers
 * and the original client know them so.
 */
export const MESSAGES = {
  emailRequired: /*i18n*/ 'Email is required',
  emailInvalid: /*i18n*/ 'please provide a valid email',
  passwordRequired: /*i18n*/ 'password is required',
  passwordWeak: /*i18n*/ 'Minimum six characters, at least one letter and one number',
  nameRequired: /*i18n*/ 'Name is required',
  nameTooLong: englishText(/*i18n*/ 'Name must be at most {max} characters', { max: LIMITS.nameMaxCharacters }),
  /** The confirm-password field of the forms where a new password is chosen (issue 26). */
  passwordsDiffer: /*i18n*/ 'The passwords do not match.',
  /** The login page after the server refused the app's token: the session ended there, not by a click (issue 26). */
  sessionEnded: /*i18n*/ 'Your session ended, please sign in again',
  quantityTooLow: (min: number) => englishText(/*i18n*/ 'please add {min}+ products', { min }),
  quantityTooHigh: (max: number) => englishText(/*i18n*/ 'please less than {max}', { max }),
  orderCreated: /*i18n*/ 'please pay to confirm',
  cancelConfirm: /*i18n*/ 'Ary you sure?',
  orderCancelled: /*i18n*/ 'Delete successfully',
  adminOrderCancelled: /*i18n*/ 'successfully remove order',
  productAdded: /*i18n*/ 'Successfully added item',
  productDeleted: /*i18n*/ 'successfully delete item',
  reviewAdded: /*i18n*/ 'successfully review add',
  reviewFieldRequired: /*i18n*/ 'Last name is required',
  adminAdded: /*i18n*/ 'successfully admin added',
  adminRemoved: /*i18n*/ 'successfully remove admin',
  profileUpdated: /*i18n*/ 'successfully update information',
  paymentComplete: /*i18n*/ 'Congratulation payment complete',
  transactionId: (id: string) => englishText(/*i18n*/ 'Your transactionId : {id}', { id }),
  /** The order confirmation a payment lands on (R-ORDER-CONFIRMATION, issue 26). */
  orderConfirmed: (number: string) => englishText(/*i18n*/ 'Thank you, your order {number} is paid', { number }),
  orderNextSteps:
    /*i18n*/ 'We are packing your order now. We will mail you when it ships, with the carrier and tracking number, and you can follow it in My Orders.',
  pageNotFound: /*i18n*/ 'Page not found',
  shopUnavailable: /*i18n*/ 'The shop is having trouble right now. We keep trying, and this page will carry on by itself.',
  /** A statement ran past its statement timeout (decision 124): the shop is busy, not broken. */
  tookTooLong: /*i18n*/ 'This took too long to answer right now. Please try again in a few seconds.',
  tooManyUnpaidOrders: (max: number) =>
    max === 1
      ? englishText(/*i18n*/ 'You already have {max} unpaid order: pay or cancel one in My Orders before ordering again.', {
          max,
        })
      : englishText(/*i18n*/ 'You already have {max} unpaid orders: pay or cancel one in My Orders before ordering again.', {
          max,
        }),
  orderTotalTooHigh: (max: number) =>
    englishText(/*i18n*/ 'An order may total at most {max}: please order fewer.', { max: formatPrice(max) }),
  unpaidQuantityTooHigh: (held: number, max: number) =>
    englishText(
      /*i18n*/ 'You already have {held} of this product waiting for payment, and at most {max} may wait at once: pay or cancel those orders in My Orders first.',
      { held, max },
    ),
  dashboardHeading: /*i18n*/ 'Welcome Our Dashboard',
  addProductTitle: /*i18n*/ 'Please enter your new products',
  resetLinkSent: /*i18n*/ 'If an account exists for that email, we sent a link to reset the password.',
  resetLinkInvalid: /*i18n*/ 'This link has expired or was already used. Please ask for a new one.',
  passwordReset: /*i18n*/ 'Your password is changed. Please log in with the new one.',
  currentPasswordWrong: /*i18n*/ 'The current password is not right.',
  nameSaved: /*i18n*/ 'Your name is saved.',
  passwordChanged: /*i18n*/ 'Your password is changed. Other devices are signed out.',
  deletionEmailMismatch: /*i18n*/ 'Type the email you are signed in with to confirm.',
  /** Who a deleted account's reviews are by, with no photo (decision 0053). */
  formerCustomer: /*i18n*/ 'A former customer',
  accountDeleted: /*i18n*/ 'Your account is deleted.',
  verifyEmailFirst: /*i18n*/ 'Please confirm your email before ordering: follow the link we mailed you, or send it again.',
  verificationSent: /*i18n*/ 'We sent you a new link to confirm your email.',
  /** Sign-up went through but signing in with the same email and password did not: the email had an account (decision 44). */
  signUpNotSignedIn:
    /*i18n*/ 'We could not sign you in. If this email already has an account, please log in or use Forgot password: we have mailed its owner.',
  /** The footer's newsletter box keeps nothing (R-FOOTER): there is no newsletter yet. */
  newsletterThanks: /*i18n*/ 'Thank you for your interest! Our newsletter has not started yet, so we have not kept your address.',
  lastAdminSelfDeletion: /*i18n*/ "You are the shop's last admin: make someone else admin before deleting your account.",
  /** A JSON body past LIMITS.bodyNestingMax (R-BOUNDS). */
  bodyNestsTooDeep: (max: number) => englishText(/*i18n*/ 'The request body nests deeper than {max} levels.', { max }),
  /** The edit form that issue 15 added (R-EDIT). */
  productUpdated: /*i18n*/ 'Product saved',
  /** A throttled call (R-THROTTLE, R-FLOOD): what was done too often, and how long to wait. */
  tooMany: (what: string, retryAfterSeconds: number) =>
    englishText(/*i18n*/ 'Too many {what}. Please wait {retryAfterSeconds} and try again.', {
      what,
      retryAfterSeconds: waitText(retryAfterSeconds),
    }),
} as const;

/** "1 second", "40 seconds", "3 minutes", "2 hours": a wait rounded up to the unit people count it in. */
export function waitText(seconds: number): string {
  if (seconds < 60) {
    const amount = Math.max(1, Math.ceil(seconds));
    return amount === 1
      ? englishText(/*i18n*/ '{amount} second', { amount })
      : englishText(/*i18n*/ '{amount} seconds', { amount });
  }
  if (seconds < 3600) {
    const amount = Math.ceil(seconds / 60);
    return amount === 1
      ? englishText(/*i18n*/ '{amount} minute', { amount })
      : englishText(/*i18n*/ '{amount} minutes', { amount });
  }
  const amount = Math.ceil(seconds / 3600);
  return amount === 1 ? englishText(/*i18n*/ '{amount} hour', { amount }) : englishText(/*i18n*/ '{amount} hours', { amount });
}
