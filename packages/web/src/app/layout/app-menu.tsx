import { displayMessages } from '@lm/domain';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { onDemand } from '../../shared/lazy/on-demand';
import { toast } from '../../shared/toast/toast-store';
import { menuTabsMax } from '../routes';

export interface MenuItem {
  label: string;
  path: string;
}

/**
 * The drawer (Material UI's modal, its transitions and focus trap, the list), loaded when the menu
 * button is first pointed at, focused or pressed: every page's first paint, the login page's
 * included, goes without it.
 */
const MenuDrawer = onDemand(() => import('./menu-drawer').then((module) => module.MenuDrawer));
/** Starts the drawer's download ahead of the press; a failure here is reported by the press. */
const warmDrawer = () => void MenuDrawer.preload().catch(() => undefined);

/** The item whose path the current location is in (/loans/42 is under Loans). */
export function activeMenuPath(items: readonly MenuItem[], pathname: string): string | false {
  const hit = items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return hit ? hit.path : false;
}

/**
 * The menu as tabs: links in a tab list, the current one marked as MUI's tabs mark it (full
 * opacity, the secondary colour underneath). Plain links rather than MUI's Tabs, whose scrolling and
 * indicator machinery every page would otherwise download before its first paint.
 */
function MenuTabs({ items, active }: { items: readonly MenuItem[]; active: string | false }) {
  return (
    <Box component="nav" aria-label="Main menu" sx={{ flexGrow: 1, minWidth: 0 }}>
      <Box
        role="tablist"
        aria-label="Menu"
        sx={{ display: 'flex', overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
      >
        {items.map((item) => {
          const selected = item.path === active;
          return (
            <Box
              key={item.path}
              component={Link}
              to={item.path}
              role="tab"
              aria-selected={selected}
              sx={(theme) => ({
                ...theme.typography.button,
                display: 'inline-flex',
                alignItems: 'center',
                flexShrink: 0,
                minHeight: 48,
                minWidth: 90,
                justifyContent: 'center',
                px: 2,
                color: 'inherit',
                textDecoration: 'none',
                opacity: selected ? 1 : 0.7,
                borderBottom: 2,
                borderColor: selected ? 'secondary.main' : 'transparent',
                '&:hover': { opacity: 1 },
                '&:focus-visible': { outline: '2px solid', outlineOffset: -2 },
              })}
            >
              {item.label}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The menu of spec core §2.2: tabs for up to 8 items, a drawer above that. On a narrow screen (a
 * phone) the tabs would be a strip showing one or two items at a time, so it is the drawer there too.
 */
export function AppMenu({ items }: { items: readonly MenuItem[] }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // the drawer mounts on the first press and stays, so that it can close with its transition
  const [opened, setOpened] = useState(false);
  const active = activeMenuPath(items, location.pathname);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });

  if (items.length <= menuTabsMax && !narrow) return <MenuTabs items={items} active={active} />;

  return (
    <Box sx={{ flexGrow: 1 }}>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Open menu"
        aria-expanded={open}
        onPointerEnter={warmDrawer}
        onFocus={warmDrawer}
        onClick={() =>
          // mounted only once its code is here: a failed download is a toast, not a broken page
          MenuDrawer.preload().then(
            () => {
              setOpened(true);
              setOpen(true);
            },
            () => toast.error(displayMessages.fetchFailed),
          )
        }
      >
        <MenuIcon />
      </IconButton>
      {opened && <MenuDrawer items={items} active={active} open={open} onClose={() => setOpen(false)} />}
    </Box>
  );
}
