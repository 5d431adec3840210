import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast, useToasts } from './toast-store';

/**
 * The toasts' own region. An open dialog marks every other child of <body> aria-hidden (MUI's
 * modal manager), so a region inside <body> is never announced while a dialog is open. This one
 * sits beside <body>, under <html>, where the modal manager does not reach.
 */
function useToastRegion(): HTMLElement | null {
  const [region, setRegion] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.id = 'toast-region';
    document.documentElement.appendChild(element);
    setRegion(element);
    return () => element.remove();
  }, []);
  return region;
}

/**
 * The toasts, bottom left, newest at the bottom; each hides on its own timer (toast-store). Each
 * is an alert (a live region of its own), so screen readers announce it when it appears, also
 * while a dialog is open.
 */
export function Toaster() {
  const toasts = useToasts();
  const region = useToastRegion();
  if (!region) return null;
  return createPortal(
    <Stack
      spacing={1}
      sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: (t) => t.zIndex.snackbar, maxWidth: 480 }}
    >
      {toasts.map((t) => (
        <Alert
          key={t.id}
          role="alert"
          severity={t.severity}
          variant="filled"
          onClose={() => toast.dismiss(t.id)}
          data-testid={`toast-${t.severity}`}
          sx={{ width: '100%', typography: 'body2' }}
        >
          {t.message}
        </Alert>
      ))}
    </Stack>,
    region,
  );
}
