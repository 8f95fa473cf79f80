import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { Spinner } from '../components/Spinner.tsx';
import { RequireAdmin } from '../features/auth/components/RequireAdmin.tsx';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { DashboardLayout } from './layouts/DashboardLayout.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';

/** Loads a page's code only when its route is visited. */
function page<T>(load: () => Promise<T>, pick: (module: T) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    // Shown while the first page's code loads.
    HydrateFallback: Spinner,
    children: [
      {
        index: true,
        lazy: page(
          () => import('./routes/HomeRoute.tsx'),
          (m) => m.HomeRoute,
        ),
      },
      {
        path: 'blog',
        lazy: page(
          () => import('../features/marketing/pages/BlogPage.tsx'),
          (m) => m.BlogPage,
        ),
      },
      {
        path: 'blog/:slug',
        lazy: page(
          () => import('../features/marketing/pages/BlogArticlePage.tsx'),
          (m) => m.BlogArticlePage,
        ),
      },
      {
        path: 'about',
        lazy: page(
          () => import('../features/marketing/pages/AboutPage.tsx'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: 'login',
        lazy: page(
          () => import('../features/auth/pages/LoginPage.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'signup',
        lazy: page(
          () => import('../features/auth/pages/SignUpPage.tsx'),
          (m) => m.SignUpPage,
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
        element: <RequireAuthOutlet />,
        children: [
          {
            path: 'settings',
            lazy: page(
              () => import('../features/auth/pages/SettingsPage.tsx'),
              (m) => m.SettingsPage,
            ),
          },
          {
            path: 'purchase/:id',
            lazy: page(
              () => import('./routes/PurchaseRoute.tsx'),
              (m) => m.PurchaseRoute,
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
            Component: DashboardLayout,
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
                element: <RequireAdminOutlet />,
                children: [
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
                    path: 'manageOrders',
                    lazy: page(
                      () => import('../features/orders/pages/ManageOrdersPage.tsx'),
                      (m) => m.ManageOrdersPage,
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
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);

function RequireAuthOutlet() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

function RequireAdminOutlet() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
