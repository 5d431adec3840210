import { displayMessages } from '@lm/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The empty-table text of spec core §8. */
export function NoRowsOverlay() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', p: 2 }}>
      <Typography color="text.secondary">{displayMessages.noData}</Typography>
    </Box>
  );
}
