import type { I18n } from '@lingui/core';
import { translated } from '#shared/translate.ts';

/**
 * The blog's four static articles; their dates are fixed (R-BLOG). Written in English, each text
 * marked for the catalogues: `articleIn` gives an article in the page's language (decision 61).
 */
export interface Article {
  slug: string;
  title: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  author: string;
  image: string;
  imageAlt: string;
  paragraphs: readonly string[];
}

export const ARTICLES: readonly Article[] = [
  {
    slug: 'packing-electronics-for-shipping',
    title: /*i18n*/ 'How to pack electronics so they arrive in one piece',
    date: '2026-10-09',
    author: /*i18n*/ 'Farhana Akter, head of warehousing',
    image: '/images/blog/packing-electronics.svg',
    imageAlt: /*i18n*/ 'An open cardboard box with a laptop wrapped in bubble wrap and a fragile sticker',
    paragraphs: [
      /*i18n*/ 'Laptops, monitors and routers are the parcels customers worry about most, and with good reason: a screen cracked in transit spoils a purchase that someone saved up for. The good news is that nearly all damage we see comes from a handful of avoidable packing mistakes.',
      /*i18n*/ 'Start with the right box. Use a new, double-walled carton that leaves about five centimetres of space on every side of the item. A box that is too big lets the item slide and hit the walls; a box that is too tight passes every knock straight through to the device.',
      /*i18n*/ 'Wrap the device in two layers of bubble wrap, bubbles facing inwards, and tape the wrap so it cannot unroll. Fill the gaps around it with crumpled paper or air pillows until nothing moves when you shake the box gently. Pack cables and chargers in a separate bag so they cannot scratch the screen.',
      /*i18n*/ 'Finally, seal every seam with proper packing tape, put a fragile label on the top and two sides, and write the phone number of the receiver on the box as well as on the label. If you would rather not do it yourself, our Packaging and Storage team packs electronics for a small fee and insures them from the moment we take them.',
    ],
  },
  {
    slug: 'cash-on-delivery-payouts',
    title: /*i18n*/ 'Cash on delivery: where your money goes and when it arrives',
    date: '2026-09-22',
    author: /*i18n*/ 'Tanvir Ahmed, merchant support',
    image: '/images/blog/cash-on-delivery.svg',
    imageAlt: /*i18n*/ 'A green wallet with a banknote next to a calendar with Tuesdays highlighted',
    paragraphs: [
      /*i18n*/ 'Most online shops we work with still collect a large share of their orders as cash on delivery. Customers like paying when the parcel is in their hands; sellers want to know exactly when that cash becomes money in their own account. Here is how it works with us.',
      /*i18n*/ 'When the courier hands over a parcel, the amount collected is recorded against your order straight away, and you can see it in your merchant statement the same evening. We charge 1.5% of the collected amount as the COD charge, and nothing else is deducted apart from the delivery fee you agreed when booking.',
      /*i18n*/ 'All cash collected up to Sunday night is paid out every Tuesday, by bank transfer or mobile banking, whichever you chose when you signed up. Each payout comes with a statement that lists every order, the amount collected, the COD charge and the delivery fee, so your bookkeeping takes minutes.',
      /*i18n*/ 'If a customer refuses a parcel, it comes back to you at the return rate, and no COD charge applies because no cash was collected. Questions about a payout? Our merchant support team answers the same working day.',
    ],
  },
  {
    slug: 'choosing-road-air-or-ocean-freight',
    title: /*i18n*/ 'Road, air or ocean: choosing the right freight for your goods',
    date: '2026-09-03',
    author: /*i18n*/ 'Arif Hossain, founder',
    image: '/images/blog/freight-modes.svg',
    imageAlt: /*i18n*/ 'A cargo truck on a dock, a container ship at sea and a plane overhead',
    paragraphs: [
      /*i18n*/ 'Every shipment is a trade-off between speed, cost and the nature of the goods. Choosing well can halve your freight bill; choosing badly can leave stock stuck at a port while your customers wait. These three questions settle most decisions.',
      /*i18n*/ 'How urgent is it? Air freight moves goods between cities in hours and across borders in a day or two, but costs several times as much per kilogram. It suits small, valuable or urgent items such as spare parts, samples and electronics for a launch date.',
      /*i18n*/ 'How heavy and how far? Road freight is the workhorse for anything inside the country: full truckloads reach any of the 64 districts, and part loads share a truck to cut the cost. For large volumes going overseas, ocean freight in a full or shared container is by far the cheapest per unit, if you can plan a few weeks ahead.',
      /*i18n*/ 'Does it need special care? Fragile, perishable or high-value goods may need climate control, extra insurance or fewer handovers. When no single mode fits, our multi-modal service combines them, for example by sea to the port and by road to your warehouse, with one booking and one contact person.',
    ],
  },
  {
    slug: 'same-day-delivery-behind-the-scenes',
    title: /*i18n*/ 'Same day delivery: what happens between noon and your doorstep',
    date: '2026-08-14',
    author: /*i18n*/ 'Nusrat Jahan, city operations',
    image: '/images/blog/same-day.svg',
    imageAlt: /*i18n*/ 'A courier on a red scooter riding past city buildings, with a clock showing the time',
    paragraphs: [
      /*i18n*/ 'Order by noon, receive it the same evening: it sounds simple, but a same day delivery is a small race against the clock that involves a dozen people. Here is what happens after you press the book button.',
      /*i18n*/ 'Within minutes, our dispatch system groups your parcel with others going the same way and assigns the nearest free courier. The courier collects from you within two hours, scans the parcel and brings it to the closest city hub, where it is sorted onto an evening route.',
      /*i18n*/ 'Evening routes leave the hubs from four o\u2019clock. Each courier carries fifteen to twenty-five parcels in an order planned around the traffic, and customers get a call about thirty minutes before arrival so that someone is home to receive it.',
      /*i18n*/ 'Everything is delivered before nine at night. If a delivery fails because nobody is in, we try again the next morning at no extra cost. Same day delivery is available inside the city for parcels up to ten kilograms; for heavier goods, ask about our time bound deliveries.',
    ],
  },
];

/** `article` in the language of `i18n`. */
export function articleIn(article: Article, i18n: I18n): Article {
  return {
    ...article,
    title: translated(i18n, article.title),
    author: translated(i18n, article.author),
    imageAlt: translated(i18n, article.imageAlt),
    paragraphs: article.paragraphs.map((paragraph) => translated(i18n, paragraph)),
  };
}

export function articleText(article: Article): string {
  return article.paragraphs.join(' ');
}

export function findArticle(slug: string | undefined): Article | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}
