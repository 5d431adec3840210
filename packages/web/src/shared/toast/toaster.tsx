import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { toast, useToasts } from './toast-store';

/** The toasts, bottom left, newest at the bottom; each hides on its own timer (toast-store). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Stack
      spacing={1}
      sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: (t) => t.zIndex.snackbar, maxWidth: 480 }}
    >
      {toasts.map((t) => (
        <Snackbar key={t.id} open sx={{ position: 'static', transform: 'none' }}>
          <Alert
            severity={t.severity}
            variant="filled"
            onClose={() => toast.dismiss(t.id)}
            data-testid={`toast-${t.severity}`}
            sx={{ width: '100%' }}
          >
            {t.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
