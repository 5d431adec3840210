import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { siteConfig } from '../../app/site-config';
import { readFlag, storageKeys, writeFlag } from '../../shared/api/storage';

const steps = [
  ['Dashboard', 'your principal outstanding, available cash and interest earned this financial year, with graphs.'],
  ['Marketplace', 'loans open for funding; choose one to see its details and invest.'],
  ['Portfolio', 'every investment by account, grouped as deployed, in arrears, pending and closed.'],
  ['Accounts', 'balances and transactions of your investment accounts, with CSV export.'],
  ['Profile', 'deposit and withdraw funds, and change your password.'],
] as const;

/** The one-time walk-through of spec core §2.2, remembered per browser (spec core §9). */
export function WelcomeVideoDialog() {
  const [open, setOpen] = useState(() => !readFlag(storageKeys.welcomeVideoSeen));
  const close = () => {
    writeFlag(storageKeys.welcomeVideoSeen, true);
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="welcome-video-title">
      <DialogTitle id="welcome-video-title">A quick walk-through</DialogTitle>
      <DialogContent>
        {siteConfig.walkthroughVideoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: the walk-through video carries its own caption track when published
          <video
            src={siteConfig.walkthroughVideoUrl}
            controls
            style={{ width: '100%', borderRadius: 4 }}
            aria-label="Video walk-through of the platform"
          />
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>Here is where to find things:</Typography>
            <ul>
              {steps.map(([name, text]) => (
                <li key={name}>
                  <Typography>
                    <strong>{name}</strong>: {text}
                  </Typography>
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained">
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
