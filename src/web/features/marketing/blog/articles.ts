/** The blog's four static articles; their dates are fixed (R-BLOG). */
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
    title: 'How to pack electronics so they arrive in one piece',
    date: '2026-10-09',
    author: 'Farhana Akter, head of warehousing',
    image: '/images/blog/packing-electronics.svg',
    imageAlt: 'An open cardboard box with a laptop wrapped in bubble wrap and a fragile sticker',
    paragraphs: [
      'Laptops, monitors and routers are the parcels customers worry about most, and with good reason: a screen cracked in transit spoils a purchase that someone saved up for. The good news is that nearly all damage we see comes from a handful of avoidable packing mistakes.',
      'Start with the right box. Use a new, double-walled carton that leaves about five centimetres of space on every side of the item. A box that is too big lets the item slide and hit the walls; a box that is too tight passes every knock straight through to the device.',
      'Wrap the device in two layers of bubble wrap, bubbles facing inwards, and tape the wrap so it cannot unroll. Fill the gaps around it with crumpled paper or air pillows until nothing moves when you shake the box gently. Pack cables and chargers in a separate bag so they cannot scratch the screen.',
      'Finally, seal every seam with proper packing tape, put a fragile label on the top and two sides, and write the phone number of the receiver on the box as well as on the label. If you would rather not do it yourself, our Packaging and Storage team packs electronics for a small fee and insures them from the moment we take them.',
    ],
  },
  {
    slug: 'cash-on-delivery-payouts',
    title: 'Cash on delivery: where your money goes and when it arrives',
    date: '2026-09-22',
    author: 'Tanvir Ahmed, merchant support',
    image: '/images/blog/cash-on-delivery.svg',
    imageAlt: 'A green wallet with a banknote next to a calendar with Tuesdays highlighted',
    paragraphs: [
      'Most online shops we work with still collect a large share of their orders as cash on delivery. Customers like paying when the parcel is in their hands; sellers want to know exactly when that cash becomes money in their own account. Here is how it works with us.',
      'When the courier hands over a parcel, the amount collected is recorded against your order straight away, and you can see it in your merchant statement the same evening. We charge 1.5% of the collected amount as the COD charge, and nothing else is deducted apart from the delivery fee you agreed when booking.',
      'All cash collected up to Sunday night is paid out every Tuesday, by bank transfer or mobile banking, whichever you chose when you signed up. Each payout comes with a statement that lists every order, the amount collected, the COD charge and the delivery fee, so your bookkeeping takes minutes.',
      'If a customer refuses a parcel, it comes back to you at the return rate, and no COD charge applies because no cash was collected. Questions about a payout? Our merchant support team answers the same working day.',
    ],
  },
  {
    slug: 'choosing-road-air-or-ocean-freight',
    title: 'Road, air or ocean: choosing the right freight for your goods',
    date: '2026-09-03',
    author: 'Arif Hossain, founder',
    image: '/images/blog/freight-modes.svg',
    imageAlt: 'A cargo truck on a dock, a container ship at sea and a plane overhead',
    paragraphs: [
      'Every shipment is a trade-off between speed, cost and the nature of the goods. Choosing well can halve your freight bill; choosing badly can leave stock stuck at a port while your customers wait. These three questions settle most decisions.',
      'How urgent is it? Air freight moves goods between cities in hours and across borders in a day or two, but costs several times as much per kilogram. It suits small, valuable or urgent items such as spare parts, samples and electronics for a launch date.',
      'How heavy and how far? Road freight is the workhorse for anything inside the country: full truckloads reach any of the 64 districts, and part loads share a truck to cut the cost. For large volumes going overseas, ocean freight in a full or shared container is by far the cheapest per unit, if you can plan a few weeks ahead.',
      'Does it need special care? Fragile, perishable or high-value goods may need climate control, extra insurance or fewer handovers. When no single mode fits, our multi-modal service combines them, for example by sea to the port and by road to your warehouse, with one booking and one contact person.',
    ],
  },
  {
    slug: 'same-day-delivery-behind-the-scenes',
    title: 'Same day delivery: what happens between noon and your doorstep',
    date: '2026-08-14',
    author: 'Nusrat Jahan, city operations',
    image: '/images/blog/same-day.svg',
    imageAlt: 'A courier on a red scooter riding past city buildings, with a clock showing the time',
    paragraphs: [
      'Order by noon, receive it the same evening: it sounds simple, but a same day delivery is a small race against the clock that involves a dozen people. Here is what happens after you press the book button.',
      'Within minutes, our dispatch system groups your parcel with others going the same way and assigns the nearest free courier. The courier collects from you within two hours, scans the parcel and brings it to the closest city hub, where it is sorted onto an evening route.',
      'Evening routes leave the hubs from four o\u2019clock. Each courier carries fifteen to twenty-five parcels in an order planned around the traffic, and customers get a call about thirty minutes before arrival so that someone is home to receive it.',
      'Everything is delivered before nine at night. If a delivery fails because nobody is in, we try again the next morning at no extra cost. Same day delivery is available inside the city for parcels up to ten kilograms; for heavier goods, ask about our time bound deliveries.',
    ],
  },
];

export function articleText(article: Article): string {
  return article.paragraphs.join(' ');
}

export function findArticle(slug: string | undefined): Article | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}
