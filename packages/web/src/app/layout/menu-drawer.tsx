import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link } from 'react-router';
import type { MenuItem } from './app-menu';

/** The menu as a drawer (app-menu.tsx): more items than tabs hold, or a narrow screen. */
export function MenuDrawer({
  items,
  active,
  open,
  onClose,
}: {
  items: readonly MenuItem[];
  active: string | false;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
      <Box component="nav" aria-label="Main menu" sx={{ width: 260 }}>
        <List>
          {items.map((item) => (
            <ListItem key={item.path} disablePadding>
              <ListItemButton component={Link} to={item.path} selected={item.path === active} onClick={onClose}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
