/**
 * The welcome walk-through of spec core §2.2: the screens it shows, in order, with their captions.
 * The dialog lists them beside the video; tools/make-walkthrough.ts films them from the demo app
 * and writes the captions track from the same lines, so video, captions and list never disagree.
 */
export const walkthroughSteps = [
  {
    screen: 'Dashboard',
    path: '/dashboard',
    text: 'your principal outstanding, available cash and interest earned this financial year, with graphs.',
  },
  {
    screen: 'Marketplace',
    path: '/marketplace',
    text: 'loans open for funding; choose one to see its details and invest.',
  },
  {
    screen: 'Portfolio',
    path: '/portfolio',
    text: 'every investment by account, grouped as deployed, in arrears, pending and closed.',
  },
  {
    screen: 'Accounts',
    path: '/accounts',
    text: 'balances and transactions of your investment accounts, with CSV export.',
  },
  { screen: 'Profile', path: '/profile/withdraw', text: 'deposit and withdraw funds, and change your password.' },
] as const;

/** Each screen stays this long in the video. */
export const walkthroughSecondsPerStep = 5;

/** The shipped video and its captions (packages/web/public/walkthrough/, made by tools/make-walkthrough.ts). */
export const walkthroughVideoPath = '/walkthrough/walkthrough.webm';
export const walkthroughCaptionsPath = '/walkthrough/walkthrough.en.vtt';

function timestamp(seconds: number): string {
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `00:${mm}:${ss}.000`;
}

/** The WebVTT captions of the video: one cue per screen. */
export function walkthroughCaptions(): string {
  const cues = walkthroughSteps.map((step, index) => {
    const start = index * walkthroughSecondsPerStep;
    return `${index + 1}\n${timestamp(start)} --> ${timestamp(start + walkthroughSecondsPerStep)}\n${step.screen}: ${step.text}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
