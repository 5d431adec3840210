import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { readFlag, storageKeys, writeFlag } from '../../shared/api/storage';
import { walkthroughCaptionsPath, walkthroughSteps, walkthroughVideoPath } from './walkthrough';

/**
 * The one-time walk-through of spec core §2.2, remembered per browser (spec core §9): a short
 * video of the product's own screens (tools/make-walkthrough.ts) with an English captions track,
 * and the same steps as text below it.
 */
export function WelcomeVideoDialog() {
  const [open, setOpen] = useState(() => !readFlag(storageKeys.welcomeVideoSeen));
  const close = () => {
    writeFlag(storageKeys.welcomeVideoSeen, true);
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="welcome-video-title">
      <DialogTitle id="welcome-video-title">A quick walk-through</DialogTitle>
      {/* focusable: on a short screen the video and the list scroll, and the keyboard must reach them */}
      <DialogContent tabIndex={0} aria-label="Walk-through">
        <video
          src={walkthroughVideoPath}
          controls
          preload="metadata"
          style={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 4, background: '#000' }}
          aria-label="Video walk-through of the platform"
        >
          <track kind="captions" src={walkthroughCaptionsPath} srcLang="en" label="English" default />
        </video>
        <Typography sx={{ mt: 2, mb: 1 }}>Here is where to find things:</Typography>
        <ul>
          {walkthroughSteps.map(({ screen, text }) => (
            <li key={screen}>
              <Typography>
                <strong>{screen}</strong>: {text}
              </Typography>
            </li>
          ))}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained">
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
