import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Rule } from '../../shared/layout/rule';
import { siteConfig } from '../site-config';

const site = siteConfig.publicSiteUrl;

/** The footer of spec core §2.2: Borrow, Invest, Broker, About, social links, copyright, phone, terms, privacy. */
export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.100', mt: 6, py: 3 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} component="nav" aria-label="Footer">
          <Link href={`${site}/borrow`} underline="hover" color="inherit">
            Borrow
          </Link>
          <Link component={RouterLink} to="/invest" underline="hover" color="inherit">
            Invest
          </Link>
          <Link href={`${site}/broker`} underline="hover" color="inherit">
            Broker
          </Link>
          <Link href={`${site}/about`} underline="hover" color="inherit">
            About
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <Link href={siteConfig.linkedInUrl} underline="hover" color="inherit" rel="noopener" target="_blank">
            LinkedIn
          </Link>
          <Link href={siteConfig.facebookUrl} underline="hover" color="inherit" rel="noopener" target="_blank">
            Facebook
          </Link>
        </Stack>
        <Rule sx={{ my: 2 }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {siteConfig.companyName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Call us on{' '}
            <Link href={`tel:${siteConfig.supportPhone.replace(/\s/g, '')}`} color="inherit">
              {siteConfig.supportPhone}
            </Link>
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Link href={`${site}/terms`} variant="body2" underline="hover" color="text.secondary">
            Terms of use
          </Link>
          <Link href={`${site}/privacy`} variant="body2" underline="hover" color="text.secondary">
            Privacy policy
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}
