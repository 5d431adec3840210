import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { LoginRedirectState } from '../../app/route-gate';
import { returnPathAfterLogin } from '../../app/routes';
import { readRememberedLogin } from '../../shared/api/storage';
import { useThrottledCallback } from '../../shared/hooks/throttle';
import { TextInput } from '../../shared/inputs/text-input';
import { PageTitle } from '../../shared/layout/page-title';
import { sessionStore, useSession } from '../../shared/session/session-store';
import { notifyError } from '../../shared/toast/toast-store';

/** Login attempts are throttled to one per 2000 ms (spec core §9). */
export const loginThrottleMs = 2000;

/** Spec core §2.3: email, password, Remember Me; back to the page the user came from. */
export default function LoginPage() {
  const remembered = readRememberedLogin();
  const [email, setEmail] = useState(remembered.email);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(remembered.rememberMe);
  const [loading, setLoading] = useState(false);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  const blank = email.trim() === '' || password === '';

  const login = useThrottledCallback(async () => {
    setLoading(true);
    try {
      await sessionStore.login(email.trim(), password, rememberMe);
      navigate(returnPathAfterLogin(from), { replace: true });
    } catch (error) {
      notifyError(error);
      setLoading(false);
    }
  }, loginThrottleMs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !loading) login();
  };

  return (
    <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', justifyContent: 'center', alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <PageTitle title="Login" />
        {session.notice && (
          <Alert severity="warning" sx={{ mb: 2 }} onClose={() => sessionStore.clearNotice()}>
            {session.notice}
          </Alert>
        )}
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Login">
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoFocus={!remembered.email}
          />
          <TextInput
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            autoFocus={Boolean(remembered.email)}
          />
          <FormControlLabel
            control={<Checkbox checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />}
            label="Remember Me"
          />
          <Button type="submit" variant="contained" size="large" disabled={blank || loading}>
            {loading ? 'Logging in…' : 'Login'}
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link component={RouterLink} to="/reset-password">
              Forgot Password
            </Link>
            <Typography variant="body2" component="span">
              New investor?{' '}
              <Link component={RouterLink} to="/invest">
                Apply here
              </Link>
            </Typography>
          </Box>
        </Stack>
      </Paper>
      <Paper component="aside" aria-labelledby="security-heading" variant="outlined" sx={{ p: 4, maxWidth: 440 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LockOutlinedIcon color="primary" aria-hidden />
          <Typography id="security-heading" variant="h6" component="h2">
            Your security
          </Typography>
        </Stack>
        <Typography variant="body2" component="div">
          <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
            <li>Check that the address bar shows a secure (https) connection before you sign in.</li>
            <li>Passwords are stored only as one-way hashes: our staff can never see yours.</li>
            <li>Logging out ends your session on this device; resetting your password ends it everywhere.</li>
            <li>Repeated failed sign-ins are slowed down to stop password guessing.</li>
            <li>We will never ask for your password by email or phone.</li>
          </ul>
        </Typography>
      </Paper>
    </Box>
  );
}
