/** Demo catalogue and testimonials for a new shop; pictures ship in src/web/public/images. */

/** The demo shop's shelves (R-CATEGORY); admins rename, add and delete them. */
export const DEMO_CATEGORIES = ['Computers', 'Monitors', 'Networking', 'Audio', 'Accessories'] as const;

export interface DemoProduct {
  slug: string;
  category: (typeof DEMO_CATEGORIES)[number];
  name: string;
  priceCents: number;
  description: string;
  minQuantity: number;
  maxQuantity: number;
  availableQuantity: number;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'aerobook-14',
    category: 'Computers',
    name: 'AeroBook 14 Ultralight Laptop',
    priceCents: 89900,
    description:
      '14-inch 2.8K display, 8-core processor, 16 GB RAM and a 512 GB SSD in a 1.2 kg aluminium body. Up to 14 hours on a charge.',
    minQuantity: 1,
    maxQuantity: 10,
    availableQuantity: 42,
  },
  {
    slug: 'titan-x17',
    category: 'Computers',
    name: 'Titan X17 Gaming Laptop',
    priceCents: 189900,
    description:
      '17.3-inch 240 Hz panel, RTX-class graphics, 32 GB RAM and 1 TB NVMe storage with a per-key RGB keyboard and vapour-chamber cooling.',
    minQuantity: 1,
    maxQuantity: 5,
    availableQuantity: 15,
  },
  {
    slug: 'workstation-mini',
    category: 'Computers',
    name: 'CoreStation Mini Desktop PC',
    priceCents: 64900,
    description:
      'A palm-sized office desktop with 12 cores, 32 GB RAM, two 4K display outputs and Wi-Fi 6E. Mounts behind a monitor.',
    minQuantity: 2,
    maxQuantity: 40,
    availableQuantity: 120,
  },
  {
    slug: 'vista-27-4k',
    category: 'Monitors',
    name: 'Vista 27" 4K IPS Monitor',
    priceCents: 32900,
    description:
      '27-inch 4K IPS monitor, factory calibrated to 99% sRGB, USB-C with 90 W charging and a height-adjustable stand.',
    minQuantity: 2,
    maxQuantity: 50,
    availableQuantity: 200,
  },
  {
    slug: 'curve-34',
    category: 'Monitors',
    name: 'Curve 34" Ultrawide Monitor',
    priceCents: 54900,
    description:
      '34-inch 3440x1440 curved display at 144 Hz with HDR400, built-in KVM switch and picture-by-picture for two computers.',
    minQuantity: 1,
    maxQuantity: 20,
    availableQuantity: 64,
  },
  {
    slug: 'keyflow-mech',
    category: 'Accessories',
    name: 'KeyFlow Mechanical Keyboard',
    priceCents: 12900,
    description:
      'Hot-swappable tactile switches, PBT keycaps, aluminium frame and tri-mode connection: USB-C, Bluetooth and 2.4 GHz.',
    minQuantity: 5,
    maxQuantity: 100,
    availableQuantity: 480,
  },
  {
    slug: 'glide-pro-mouse',
    category: 'Accessories',
    name: 'Glide Pro Wireless Mouse',
    priceCents: 7900,
    description:
      'Ergonomic wireless mouse with a 26K DPI sensor, silent clicks, a MagSpeed-style scroll wheel and 70 days of battery.',
    minQuantity: 5,
    maxQuantity: 200,
    availableQuantity: 950,
  },
  {
    slug: 'dock-12in1',
    category: 'Accessories',
    name: 'HubMaster 12-in-1 USB-C Dock',
    priceCents: 15900,
    description:
      'Two HDMI, DisplayPort, 2.5 GbE, SD and microSD readers, four USB-A and 100 W pass-through charging from one cable.',
    minQuantity: 3,
    maxQuantity: 150,
    availableQuantity: 310,
  },
  {
    slug: 'soundwave-anc',
    category: 'Audio',
    name: 'SoundWave ANC Wireless Over-Ear Headphones',
    priceCents: 24900,
    description:
      'Over-ear headphones with adaptive noise cancelling, 40 hours of playback, multipoint Bluetooth and a boom-free call mic.',
    minQuantity: 2,
    maxQuantity: 60,
    availableQuantity: 180,
  },
  {
    slug: 'clearcam-4k',
    category: 'Audio',
    name: 'ClearCam 4K Conference Webcam',
    priceCents: 17900,
    description:
      '4K sensor with auto-framing, dual noise-reducing microphones and a privacy shutter. Certified for the major meeting apps.',
    minQuantity: 2,
    maxQuantity: 80,
    availableQuantity: 140,
  },
  {
    slug: 'vault-ssd-2tb',
    category: 'Accessories',
    name: 'Vault 2 TB Portable SSD',
    priceCents: 18900,
    description: 'Rugged USB 3.2 Gen 2x2 drive reading at 2,000 MB/s, drop-tested to 3 m, with hardware AES-256 encryption.',
    minQuantity: 3,
    maxQuantity: 300,
    availableQuantity: 720,
  },
  {
    slug: 'meshlink-router',
    category: 'Networking',
    name: 'MeshLink Wi-Fi 7 Tri-Band Mesh Router',
    priceCents: 39900,
    description: 'Tri-band Wi-Fi 7 router with a 10 GbE WAN port, covering up to 230 m² and extendable with MeshLink satellites.',
    minQuantity: 1,
    maxQuantity: 25,
    availableQuantity: 90,
  },
];

export interface DemoReview {
  reviewName: string;
  reviewEmail: string;
  reviewPhoto: string;
  reviewRating: number;
  reviewDescription: string;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    reviewName: 'Amelia Hart',
    reviewEmail: 'amelia.hart@example.com',
    reviewPhoto: '/images/people/amelia.svg',
    reviewRating: 5,
    reviewDescription:
      'Forty monitors for our new office arrived two days early, every box intact. Tracking was accurate down to the hour.',
  },
  {
    reviewName: 'Rahim Chowdhury',
    reviewEmail: 'rahim.c@example.com',
    reviewPhoto: '/images/people/rahim.svg',
    reviewRating: 4,
    reviewDescription:
      'Express delivery to a sub-district I did not expect them to reach. Cash on delivery was smooth and the courier called ahead.',
  },
  {
    reviewName: 'Sofia Marquez',
    reviewEmail: 'sofia.m@example.com',
    reviewPhoto: '/images/people/sofia.svg',
    reviewRating: 5,
    reviewDescription:
      'We moved our whole warehouse stock with their multi-modal service. Clear pricing, one contact person, no surprises.',
  },
  {
    reviewName: 'Daniel Okafor',
    reviewEmail: 'd.okafor@example.com',
    reviewPhoto: '/images/people/daniel.svg',
    reviewRating: 3,
    reviewDescription: 'Good laptops at a fair price. One order was split into two shipments, which support explained quickly.',
  },
  {
    reviewName: 'Mei Lin',
    reviewEmail: 'mei.lin@example.com',
    reviewPhoto: '/images/people/mei.svg',
    reviewRating: 5,
    reviewDescription:
      'Same day delivery of replacement docks saved our product launch. The packaging was sturdy and well labelled.',
  },
  {
    reviewName: 'Tomasz Nowak',
    reviewEmail: 'tomasz.n@example.com',
    reviewPhoto: '/images/people/tomasz.svg',
    reviewRating: 4,
    reviewDescription:
      'Payments land every Tuesday like clockwork, which makes my shop accounting easy. Would like weekend pickups.',
  },
  {
    reviewName: 'Grace Bennett',
    reviewEmail: 'grace.b@example.com',
    reviewPhoto: '/images/people/grace.svg',
    reviewRating: 2,
    reviewDescription:
      'The headphones are great, but my first delivery slot was missed. The second attempt came on time with an apology.',
  },
];
