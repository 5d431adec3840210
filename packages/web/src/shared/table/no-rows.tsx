import { displayMessages } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messageOf } from '../api/api-error';

/**
 * A table without rows: 'No data to display' (spec core §8) when there are none, or the fetch
 * error with a Retry when the rows could not be fetched, which is not the same as having none.
 */
export function NoRowsOverlay({ error, onRetry }: { error?: unknown; onRetry?: (() => void) | undefined }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', p: 2 }}>
      {error ? (
        <Alert
          severity="error"
          data-testid="table-fetch-error"
          action={
            onRetry ? (
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {messageOf(error) || displayMessages.fetchFailed}
        </Alert>
      ) : (
        <Typography color="text.secondary">{displayMessages.noData}</Typography>
      )}
    </Box>
  );
}
