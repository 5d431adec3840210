import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link } from 'react-router';
import type { MenuItem } from './app-menu';

/** The drawer of the menu (app-menu.tsx loads it when it is first opened). */
export default function AppMenuDrawer({
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
