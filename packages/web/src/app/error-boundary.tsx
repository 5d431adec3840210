import { displayMessages } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The generic render-failure message of spec core §8, word for word. */
export function RenderFailure() {
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', my: 6, px: 2 }} data-testid="error-boundary">
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Alert severity="error">{displayMessages.renderFailure}</Alert>
      <Button sx={{ mt: 3 }} variant="outlined" onClick={() => window.location.assign('/')}>
        Back to home
      </Button>
    </Box>
  );
}

/** Catches render failures: around every screen (keyed by path) and around the whole application. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The application failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RenderFailure /> : this.props.children;
  }
}
