import { type ComponentType, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { onDemand } from '../shared/lazy/on-demand';
import { ComingSoonPage } from '../shared/pages/coming-soon-page';
import { LoadingPage } from '../shared/pages/loading-page';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { RouteGate } from './route-gate';
import { type RouteDefinition, routes } from './routes';
import { loadedScreen, loadScreen } from './screens';

/**
 * A route's screen, loaded on demand from its chunk (the start-up code asks for the first
 * screen's chunk as the app starts): rendered at once when it is there, the loading page until
 * then. Not React.lazy under Suspense, whose fallback throttle held the first screen back up to
 * 300 ms after the loading page showed (shared/lazy/on-demand.tsx). A failed download is thrown
 * to the screen's error boundary.
 */
function screenOf(route: RouteDefinition): ComponentType {
  if (route.screen === null) return () => <ComingSoonPage title={route.title} />;
  return onDemand(() => loadScreen(route) as Promise<ComponentType>, <LoadingPage />, {
    loaded: () => loadedScreen(route),
  });
}

/** A screen that fails to render shows the generic message inside the menu and footer. */
function ScreenBoundary({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary key={location.pathname}>{children}</ErrorBoundary>;
}

function routeObject(route: RouteDefinition): RouteObject {
  const Screen = screenOf(route);
  return {
    path: route.path,
    element: (
      <RouteGate access={route.access}>
        <ScreenBoundary>
          <Suspense fallback={<LoadingPage />}>
            <Screen />
          </Suspense>
        </ScreenBoundary>
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
