import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { productName } from '../../shared/layout/page-title';
import { LoadingPage } from '../../shared/pages/loading-page';
import { displayName, useSession } from '../../shared/session/session-store';
import { menuFor } from '../routes';
import { AppMenu } from './app-menu';
import { Footer } from './footer';

/** The chrome around every screen: the app bar with the role's menu, the screen, the footer. */
export function AppLayout() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  const items = session.status === 'loading' ? [] : menuFor(user?.type ?? null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 2 }}>
          <Link
            component={RouterLink}
            to="/"
            color="inherit"
            underline="none"
            variant="h6"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {productName}
          </Link>
          <AppMenu items={items} />
          {user && (
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap', display: { xs: 'none', md: 'block' } }}>
              {displayName(user)}
            </Typography>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="xl" sx={{ flexGrow: 1, py: 3 }}>
        <Suspense fallback={<LoadingPage />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
