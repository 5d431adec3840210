import { type ComponentType, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ComingSoonPage } from '../shared/pages/coming-soon-page';
import { LoadingPage } from '../shared/pages/loading-page';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { QueryGate } from './query-gate';
import { RouteGate } from './route-gate';
import { type RouteDefinition, routes, usesQueries } from './routes';
import { screenOf } from './screens';

/** A route's screen (screens.tsx), or "coming soon" when it has none yet. */
function screenComponent(route: RouteDefinition): ComponentType {
  return screenOf(route) ?? (() => <ComingSoonPage title={route.title} />);
}

/** A screen that fails to render shows the generic message inside the menu and footer. */
function ScreenBoundary({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary key={location.pathname}>{children}</ErrorBoundary>;
}

function routeObject(route: RouteDefinition): RouteObject {
  const Screen = screenComponent(route);
  const content = (
    <Suspense fallback={<LoadingPage />}>
      <Screen />
    </Suspense>
  );
  return {
    path: route.path,
    element: (
      <RouteGate access={route.access}>
        <ScreenBoundary>{usesQueries(route) ? <QueryGate>{content}</QueryGate> : content}</ScreenBoundary>
      </RouteGate>
    ),
  };
}

const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [...routes.map(routeObject), { path: '*', element: <Navigate to="/404" replace /> }],
  },
];

/** The route table as React Router routes (declarative mode: no loaders, a smaller first chunk). */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
