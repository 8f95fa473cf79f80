import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../components/Spinner.tsx';
import { loadOnDemandCatalogues } from '../lib/catalogue.ts';
import { RootLayout } from './layouts/RootLayout.tsx';

/** A page's code with its own catalogues (src/web/lib/catalogue.ts), so that it renders in its language at once. */
async function withCatalogues<T>(code: Promise<T>, ...names: Parameters<typeof loadOnDemandCatalogues>): Promise<T> {
  const [module] = await Promise.all([code, loadOnDemandCatalogues(...names)]);
  return module;
}

/** Loads a page's code only when its route is visited. */
function page<T>(load: () => Promise<T>, pick: (module: T) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * Every page of the shop, shared by the browser's router and the server's renderer (src/web/entry-server.tsx).
 * The ids name the pages the server renders with their data and head (src/web/app/page-head.ts).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    // Shown while the first page's code loads.
    HydrateFallback: Spinner,
    children: [
      {
        id: 'home',
        index: true,
        lazy: page(
          () => import('./routes/HomeRoute.tsx'),
          (m) => m.HomeRoute,
        ),
      },
      {
        id: 'blog',
        path: 'blog',
        lazy: page(
          () => withCatalogues(import('../features/marketing/pages/BlogPage.tsx'), 'pages', 'blog'),
          (m) => m.BlogPage,
        ),
      },
      {
        id: 'article',
        path: 'blog/:slug',
        lazy: page(
          () => withCatalogues(import('../features/marketing/pages/BlogArticlePage.tsx'), 'pages', 'blog'),
          (m) => m.BlogArticlePage,
        ),
      },
      {
        id: 'about',
        path: 'about',
        lazy: page(
          () => withCatalogues(import('../features/marketing/pages/AboutPage.tsx'), 'pages'),
          (m) => m.AboutPage,
        ),
      },
      {
        id: 'newsletter',
        path: 'newsletter',
        lazy: page(
          () => withCatalogues(import('../features/marketing/pages/NewsletterPage.tsx'), 'pages'),
          (m) => m.NewsletterPage,
        ),
      },
      {
        id: 'ship',
        path: 'ship',
        lazy: page(
          () => withCatalogues(import('../features/parcels/pages/ShipPage.tsx'), 'parcels'),
          (m) => m.ShipPage,
        ),
      },
      {
        id: 'track',
        path: 'track',
        lazy: page(
          () => withCatalogues(import('../features/parcels/pages/TrackPage.tsx'), 'parcels'),
          (m) => m.TrackPage,
        ),
      },
      {
        id: 'tracking',
        path: 'track/:trackingCode',
        lazy: page(
          () => withCatalogues(import('../features/parcels/pages/TrackingPage.tsx'), 'parcels'),
          (m) => m.TrackingPage,
        ),
      },
      {
        id: 'confirm',
        path: 'c/:token',
        lazy: page(
          () => withCatalogues(import('../features/parcels/pages/ConfirmParcelPage.tsx'), 'parcels'),
          (m) => m.ConfirmParcelPage,
        ),
      },
      {
        id: 'login',
        path: 'login',
        lazy: page(
          () => import('../features/auth/pages/LoginPage.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        id: 'signup',
        path: 'signup',
        lazy: page(
          () => import('../features/auth/pages/SignUpPage.tsx'),
          (m) => m.SignUpPage,
        ),
      },
      {
        id: 'phone-login',
        path: 'login/phone',
        lazy: page(
          () => withCatalogues(import('../features/auth/pages/PhoneSignInPage.tsx'), 'pages', 'parcels'),
          (m) => m.PhoneLoginPage,
        ),
      },
      {
        id: 'phone-signup',
        path: 'signup/phone',
        lazy: page(
          () => withCatalogues(import('../features/auth/pages/PhoneSignInPage.tsx'), 'pages', 'parcels'),
          (m) => m.PhoneSignUpPage,
        ),
      },
      {
        id: 'forgot-password',
        path: 'forgot-password',
        lazy: page(
          () => import('../features/auth/pages/ForgotPasswordPage.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password',
        lazy: page(
          () => import('../features/auth/pages/ResetPasswordPage.tsx'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        id: 'catalogue',
        path: 'products',
        lazy: page(
          () => import('./routes/CatalogueRoute.tsx'),
          (m) => m.CatalogueRoute,
        ),
      },
      {
        path: 'cart',
        lazy: page(
          () => import('./routes/CartRoute.tsx'),
          (m) => m.CartRoute,
        ),
      },
      {
        id: 'purchase',
        // Public (R-ROUTES): visitors and search engines see the product; Buy Now asks a visitor to sign in.
        path: 'purchase/:id',
        lazy: page(
          () => import('./routes/PurchaseRoute.tsx'),
          (m) => m.PurchaseRoute,
        ),
      },
      {
        // The guards and the dashboard's layout load with the signed-in pages, not with the public ones.
        lazy: page(
          () => withCatalogues(import('./routes/guards.tsx'), 'pages'),
          (m) => m.RequireAuthOutlet,
        ),
        children: [
          {
            path: 'checkout',
            lazy: page(
              () => import('./routes/CheckoutRoute.tsx'),
              (m) => m.CheckoutRoute,
            ),
          },
          {
            path: 'freight',
            lazy: page(
              () => withCatalogues(import('../features/freight/pages/FreightRequestPage.tsx'), 'parcels'),
              (m) => m.FreightRequestPage,
            ),
          },
          {
            path: 'ship/book',
            lazy: page(
              () => withCatalogues(import('./routes/ParcelRoutes.tsx'), 'parcels'),
              (m) => m.BookParcelRoute,
            ),
          },
          {
            path: 'settings',
            lazy: page(
              () => import('../features/auth/pages/SettingsPage.tsx'),
              (m) => m.SettingsPage,
            ),
          },
          {
            path: 'userProfile',
            lazy: page(
              () => import('./routes/ProfileRoute.tsx'),
              (m) => m.ProfileRoute,
            ),
          },
          {
            path: 'dashboard',
            lazy: page(
              () => import('./layouts/DashboardLayout.tsx'),
              (m) => m.DashboardLayout,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('./routes/MyOrdersRoute.tsx'),
                  (m) => m.MyOrdersRoute,
                ),
              },
              {
                path: 'orders',
                lazy: page(
                  () => import('./routes/MyOrdersRoute.tsx'),
                  (m) => m.MyOrdersRoute,
                ),
              },
              {
                path: 'orders/:number',
                lazy: page(
                  () => import('./routes/MyOrdersRoute.tsx'),
                  (m) => m.OrderRoute,
                ),
              },
              {
                path: 'parcels',
                lazy: page(
                  () => withCatalogues(import('../features/parcels/pages/MyParcelsPage.tsx'), 'parcels'),
                  (m) => m.MyParcelsPage,
                ),
              },
              {
                path: 'pickup',
                lazy: page(
                  () => withCatalogues(import('./routes/ParcelRoutes.tsx'), 'parcels'),
                  (m) => m.PickupRoute,
                ),
              },
              {
                path: 'freight',
                lazy: page(
                  () => withCatalogues(import('./routes/ParcelRoutes.tsx'), 'parcels'),
                  (m) => m.FreightRequestsRoute,
                ),
              },
              {
                path: 'merchant',
                lazy: page(
                  () => withCatalogues(import('./routes/MerchantRoutes.tsx'), 'parcels'),
                  (m) => m.MerchantRoute,
                ),
              },
              {
                path: 'parcels/:trackingCode',
                lazy: page(
                  () => withCatalogues(import('./routes/ParcelRoutes.tsx'), 'parcels'),
                  (m) => m.ParcelRoute,
                ),
              },
              {
                path: 'review',
                lazy: page(
                  () => import('./routes/AddReviewRoute.tsx'),
                  (m) => m.AddReviewRoute,
                ),
              },
              {
                path: 'payment/:id',
                lazy: page(
                  () => import('../features/payments/pages/PaymentPage.tsx'),
                  (m) => m.PaymentPage,
                ),
              },
              {
                lazy: page(
                  () => import('./routes/guards.tsx'),
                  (m) => m.RequireRiderOutlet,
                ),
                children: [
                  {
                    id: 'rider-run',
                    path: 'run',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/RunPage.tsx'), 'parcels'),
                      (m) => m.RunPage,
                    ),
                  },
                ],
              },
              {
                lazy: page(
                  () => import('./routes/guards.tsx'),
                  (m) => m.RequireOperatorOutlet,
                ),
                children: [
                  {
                    path: 'scan',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/ScanPage.tsx'), 'parcels'),
                      (m) => m.ScanPage,
                    ),
                  },
                  {
                    path: 'bags',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/BagsPage.tsx'), 'parcels'),
                      (m) => m.BagsPage,
                    ),
                  },
                  {
                    path: 'bags/:code',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/BagPage.tsx'), 'parcels'),
                      (m) => m.BagPage,
                    ),
                  },
                  {
                    path: 'pickups',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/DayPickupsPage.tsx'), 'parcels'),
                      (m) => m.DayPickupsPage,
                    ),
                  },
                  {
                    path: 'hub',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/HubParcelsPage.tsx'), 'parcels'),
                      (m) => m.HubParcelsPage,
                    ),
                  },
                  {
                    path: 'allParcels',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/AllParcelsPage.tsx'), 'parcels'),
                      (m) => m.AllParcelsPage,
                    ),
                  },
                ],
              },
              {
                lazy: page(
                  () => import('./routes/guards.tsx'),
                  (m) => m.RequireAdminOutlet,
                ),
                children: [
                  {
                    path: 'overview',
                    lazy: page(
                      () => import('./routes/OrderAdminRoutes.tsx'),
                      (m) => m.OverviewPage,
                    ),
                  },
                  {
                    path: 'makeAdmin',
                    lazy: page(
                      () => import('../features/users/pages/MakeAdminPage.tsx'),
                      (m) => m.MakeAdminPage,
                    ),
                  },
                  {
                    path: 'addProducts',
                    lazy: page(
                      () => import('./routes/AddProductRoute.tsx'),
                      (m) => m.AddProductRoute,
                    ),
                  },
                  {
                    path: 'manageProducts',
                    lazy: page(
                      () => import('../features/products/pages/ManageProductsPage.tsx'),
                      (m) => m.ManageProductsPage,
                    ),
                  },
                  {
                    path: 'manageProducts/:id',
                    lazy: page(
                      () => import('./routes/EditProductRoute.tsx'),
                      (m) => m.EditProductRoute,
                    ),
                  },
                  {
                    path: 'manageOrders',
                    lazy: page(
                      () => import('./routes/OrderAdminRoutes.tsx'),
                      (m) => m.ManageOrdersPage,
                    ),
                  },
                  {
                    path: 'manageOrders/:number',
                    lazy: page(
                      () => withCatalogues(import('./routes/OrderAdminRoutes.tsx'), 'parcels'),
                      (m) => m.ManageOrderRoute,
                    ),
                  },
                  {
                    path: 'mailbox',
                    lazy: page(
                      () => import('../features/mail/pages/MailboxPage.tsx'),
                      (m) => m.MailboxPage,
                    ),
                  },
                ],
              },
              {
                lazy: page(
                  () => import('./routes/guards.tsx'),
                  (m) => m.RequireCourierAdminOutlet,
                ),
                children: [
                  {
                    path: 'operations',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/OperationsPage.tsx'), 'parcels'),
                      (m) => m.OperationsPage,
                    ),
                  },
                  {
                    path: 'rates',
                    lazy: page(
                      () => withCatalogues(import('../features/parcels/pages/RatesPage.tsx'), 'parcels'),
                      (m) => m.RatesPage,
                    ),
                  },
                  {
                    path: 'merchants',
                    lazy: page(
                      () => withCatalogues(import('../features/merchants/pages/MerchantsAdminPage.tsx'), 'parcels'),
                      (m) => m.MerchantsAdminPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'not-found',
        path: '*',
        lazy: page(
          () => import('../features/not-found/NotFoundPage.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
